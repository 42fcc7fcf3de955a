import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale, formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { barSeries, baseChartOptions, useUplot } from '../../../components/charts/use-uplot';

interface Point {
  date: string;
  average: number | null;
  count: number;
}

/**
 * Average rating per day as a line over the daily volume as bars (uPlot, loaded with this section only). Decorative
 * for screen readers: the visually hidden table holds the same numbers.
 */
export function TrendChart({ points }: { points: Point[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const key = `${i18n.language}|${points.map((p) => `${p.date}:${p.average}:${p.count}`).join(',')}`;
  useUplot(box, key, 240, (UPlot, { axis, accent, strong }) => {
    const maxCount = Math.max(1, ...points.map((p) => p.count));
    const dayOf = new Intl.DateTimeFormat(dateLocale(i18n.language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      options: {
        ...baseChartOptions,
        scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, y: { range: [0, 5] }, n: { range: [0, maxCount * 1.2] } },
        axes: [
          {
            ...axis,
            values: (_u, splits) => splits.map((s) => (Number.isInteger(s) && points[s] ? dayOf.format(new Date(`${points[s].date}T00:00:00Z`)) : '')),
          },
          { ...axis, size: 32, splits: () => [0, 1, 2, 3, 4, 5] },
          { ...axis, scale: 'n', side: 1, size: 32, grid: { show: false } },
        ],
        series: [
          {},
          { ...barSeries(UPlot, strong, [0.6, 24]), scale: 'n' },
          { stroke: accent, width: 2, spanGaps: true, points: { show: true, size: 5, fill: accent } },
        ],
      },
      data: [points.map((_, i) => i), points.map((p) => p.count), points.map((p) => p.average)],
    };
  });

  return (
    <>
      <div ref={box} className="fb-chart" aria-hidden="true" data-testid="fb-trend-chart" />
      <table className="visually-hidden">
        <caption>{t('feedback:analytics.trendTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('feedback:analytics.date')}</th>
            <th scope="col">{t('feedback:analytics.average')}</th>
            <th scope="col">{t('feedback:analytics.count')}</th>
          </tr>
        </thead>
        <tbody>
          {points
            .filter((p) => p.count > 0)
            .map((p) => (
              <tr key={p.date}>
                <td>{formatDate(p.date, i18n.language)}</td>
                <td>{p.average ?? '—'}</td>
                <td>{p.count}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
