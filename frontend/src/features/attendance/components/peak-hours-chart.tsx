import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import { barSeries, baseChartOptions, useUplot } from '../../../components/charts/use-uplot';

interface PeakHour {
  hour: number;
  count: number;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Check-ins per hour of the day as bars (uPlot, loaded with this screen only). Decorative for screen readers: the
 * table below it, visually hidden, holds the same numbers.
 */
export function PeakHoursChart({ peakHours }: { peakHours: PeakHour[] }) {
  const { t } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: peakHours.find((p) => p.hour === hour)?.count ?? 0 }));
  const total = hours.reduce((sum, h) => sum + h.count, 0);
  useUplot(box, hours.map((h) => h.count).join(','), 220, (UPlot, { axis, accent }) =>
    total === 0
      ? null
      : {
          options: {
            ...baseChartOptions,
            scales: { x: { time: false, range: [-0.5, 23.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
            axes: [
              { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? hourLabel(s) : '')) },
              { ...axis, size: 40 },
            ],
            series: [{}, barSeries(UPlot, accent)],
          },
          data: [hours.map((p) => p.hour), hours.map((p) => p.count)],
        },
  );

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
