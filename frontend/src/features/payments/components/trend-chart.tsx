import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { formatDate, formatMoney } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { barSeries, baseChartOptions, useUplot } from '../../../components/charts/use-uplot';

interface Day {
  date: string;
  revenue: number;
  transactions: number;
}

/**
 * Revenue per day as bars (uPlot, its own chunk, loaded with this screen only). Decorative for screen readers: the
 * visually hidden table holds the same figures.
 */
export function TrendChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const lang = i18n.language;
  const key = `${lang}|${days.map((d) => `${d.date}:${d.revenue}`).join(',')}`;
  useUplot(box, key, 240, (UPlot, { axis, accent }) => {
    if (days.length === 0) return null;
    const short = (i: number) => {
      const d = days[i];
      return d ? formatDate(d.date, lang).replace(/,? \d{4}$/, '') : '';
    };
    return {
      options: {
        ...baseChartOptions,
        scales: { x: { time: false, range: [-0.5, days.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? short(s) : '')) },
          { ...axis, size: 70, values: (_u, splits) => splits.map((s) => formatMoney(s)) },
        ],
        series: [{}, barSeries(UPlot, accent)],
      },
      data: [days.map((_, i) => i), days.map((p) => p.revenue)],
    };
  });

  if (days.every((d) => d.revenue === 0))
    return (
      <p className="text-muted" data-testid="trend-empty">
        {t('payments:analytics.trendEmpty')}
      </p>
    );
  return (
    <>
      <div ref={box} className="pay-chart" aria-hidden="true" data-testid="trend-chart" />
      <table className="visually-hidden">
        <caption>{t('payments:analytics.trendTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payments:table.date')}</th>
            <th scope="col">{t('payments:analytics.revenue')}</th>
            <th scope="col">{t('payments:analytics.transactions')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{formatDate(d.date, lang)}</td>
              <td>{formatRupees2(d.revenue)}</td>
              <td>{d.transactions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A breakdown as labelled bars (share of the largest), with the amounts as text. */
export function BreakdownBars({ rows, testId }: { rows: { key: string; label: string; amount: number; count: number }[]; testId: string }) {
  const { t } = useTranslation(ALL_NS);
  if (rows.length === 0) return <p className="text-muted">{t('payments:analytics.none')}</p>;
  const max = Math.max(...rows.map((r) => r.amount), 1);
  return (
    <ul className="pay-bars" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.key} className="pay-bars__row">
          <span className="pay-bars__label">{r.label}</span>
          <span className="pay-bars__track" aria-hidden="true">
            <span className="pay-bars__fill" style={{ width: `${Math.max(2, (r.amount / max) * 100)}%` }} />
          </span>
          <span className="pay-bars__value">
            {formatMoney(r.amount)} · {t('payments:analytics.count', { count: r.count })}
          </span>
        </li>
      ))}
    </ul>
  );
}
