import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';

interface PeakHour {
  hour: number;
  count: number;
}

function canDraw(): boolean {
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Check-ins per hour of the day as bars (uPlot, loaded with this screen only). Decorative for screen readers: the
 * table below it, visually hidden, holds the same numbers.
 */
export function PeakHoursChart({ peakHours }: { peakHours: PeakHour[] }) {
  const { t } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: peakHours.find((p) => p.hour === hour)?.count ?? 0 }));
  const key = hours.map((h) => h.count).join(',');
  const data = useRef(hours);
  data.current = hours;
  const total = hours.reduce((sum, h) => sum + h.count, 0);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw() || data.current.every((h) => h.count === 0)) return;
    let disposed = false;
    let plot: { destroy: () => void; setSize: (s: { width: number; height: number }) => void } | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const text = cssVar('--text-muted', '#64748b');
      const grid = cssVar('--border', '#e2e8f0');
      const accent = cssVar('--primary', '#2563eb');
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const points = data.current;
      plot = new UPlot(
        {
          width: el.clientWidth || 320,
          height: 220,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false, range: [-0.5, 23.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? hourLabel(s) : '')) },
            { ...axis, size: 40 },
          ],
          series: [{}, { stroke: accent, fill: `${accent}99`, width: 0, paths: UPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }],
        },
        [points.map((p) => p.hour), points.map((p) => p.count)],
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

  if (total === 0) return <p className="text-muted">{t('attendance:dashboard.peak.empty')}</p>;
  return (
    <>
      <div ref={box} className="att-chart" aria-hidden="true" data-testid="peak-chart" />
      <table className="visually-hidden">
        <caption>{t('attendance:dashboard.peak.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attendance:dashboard.peak.hour')}</th>
            <th scope="col">{t('attendance:dashboard.peak.count')}</th>
          </tr>
        </thead>
        <tbody>
          {hours
            .filter((h) => h.count > 0)
            .map((h) => (
              <tr key={h.hour}>
                <td>{hourLabel(h.hour)}</td>
                <td>{h.count}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
