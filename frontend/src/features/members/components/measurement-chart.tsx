import type { Measurement } from '@akhada/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { baseChartOptions, useUplot } from '../../../components/charts/use-uplot';
import { METRICS, type Metric } from '../lib/measurements';

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
  const label = t(`members:progress.metrics.${metric}`);
  useUplot(box, key, 220, (_UPlot, { axis, accent }) => {
    if (points.length === 0) return null;
    const fmt = new Intl.DateTimeFormat(dateLocale(i18n.language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      options: {
        ...baseChartOptions,
        scales: { x: { time: true } },
        axes: [
          { ...axis, space: 72, values: (_u, splits) => splits.map((s) => fmt.format(new Date(s * 1000))) },
          { ...axis, size: 48 },
        ],
        series: [{}, { label, stroke: accent, width: 2, points: { show: true, size: 6, fill: accent } }],
      },
      data: [points.map((p) => p.x), points.map((p) => p.y)],
    };
  });

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
