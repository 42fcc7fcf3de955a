import type { Measurement } from '@akhada/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { METRICS, type Metric } from '../lib/measurements';

/** Canvas drawing is there in browsers, not in the component tests' DOM (where the table below says the same). */
function canDraw(): boolean {
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * One measure over time as a line chart (uPlot, loaded with this tab only). Decorative for screen readers: the table
 * next to it holds the same numbers.
 */
export function MeasurementChart({ measurements }: { measurements: Measurement[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [metric, setMetric] = useState<Metric>(() => METRICS.find((m) => measurements.some((x) => x[m] !== null)) ?? 'weightKg');
  const box = useRef<HTMLDivElement>(null);
  const points = measurements
    .filter((m) => m[metric] !== null)
    .map((m) => ({ x: Date.parse(`${m.measuredOn}T00:00:00Z`) / 1000, y: m[metric] as number }))
    .sort((a, b) => a.x - b.x);
  const key = `${metric}|${points.map((p) => `${p.x}:${p.y}`).join(',')}|${i18n.language}`;
  // What the effect draws; it runs again only when `key` (the measure, the numbers, the language) changes.
  const drawing = useRef({ points, label: '', lang: i18n.language });
  drawing.current = { points, label: t(`members:progress.metrics.${metric}`), lang: i18n.language };

  useEffect(() => {
    const el = box.current;
    const { points, label, lang } = drawing.current;
    if (!el || points.length === 0 || !canDraw()) return;
    let disposed = false;
    let plot: { destroy: () => void; setSize: (s: { width: number; height: number }) => void } | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const text = cssVar('--text-muted', '#64748b');
      const grid = cssVar('--border', '#e2e8f0');
      const accent = cssVar('--primary', '#2563eb');
      const fmt = new Intl.DateTimeFormat(dateLocale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' });
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      plot = new UPlot(
        {
          width: el.clientWidth || 320,
          height: 220,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [
            { ...axis, space: 72, values: (_u, splits) => splits.map((s) => fmt.format(new Date(s * 1000))) },
            { ...axis, size: 48 },
          ],
          series: [{}, { label, stroke: accent, width: 2, points: { show: true, size: 6, fill: accent } }],
        },
        [points.map((p) => p.x), points.map((p) => p.y)],
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth || 320, height: 220 }));
      observer.observe(el);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [key]);

  return (
    <div className="measure-chart">
      <div className="measure-chart__head">
        <label htmlFor="measure-metric" className="field__label">
          {t('members:progress.show')}
        </label>
        <select
          id="measure-metric"
          className="input select measure-chart__select"
          value={metric}
          onChange={(e) => setMetric(e.target.value as Metric)}
          data-testid="measure-metric"
        >
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {t(`members:progress.metrics.${m}`)}
            </option>
          ))}
        </select>
      </div>
      {points.length === 0 ? (
        <p className="text-muted measure-chart__empty">{t('members:progress.noPoints')}</p>
      ) : (
        <div ref={box} className="measure-chart__plot" aria-hidden="true" data-testid="measure-plot" />
      )}
    </div>
  );
}
