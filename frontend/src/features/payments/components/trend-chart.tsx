import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { formatDate, formatMoney } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';

interface Day {
  date: string;
  revenue: number;
  transactions: number;
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

/**
 * Revenue per day as bars (uPlot, its own chunk, loaded with this screen only). Decorative for screen readers: the
 * visually hidden table holds the same figures.
 */
export function TrendChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const data = useRef(days);
  data.current = days;
  const key = days.map((d) => `${d.date}:${d.revenue}`).join(',');
  const lang = i18n.language;

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw() || data.current.length === 0) return;
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
      const short = (i: number) => {
        const d = points[i];
        return d ? formatDate(d.date, lang).replace(/,? \d{4}$/, '') : '';
      };
      plot = new UPlot(
        {
          width: el.clientWidth || 320,
          height: 240,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? short(s) : '')) },
            { ...axis, size: 70, values: (_u, splits) => splits.map((s) => formatMoney(s)) },
          ],
          series: [{}, { stroke: accent, fill: `${accent}99`, width: 0, paths: UPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }],
        },
        [points.map((_, i) => i), points.map((p) => p.revenue)],
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth || 320, height: 240 }));
      observer.observe(el);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [key, lang]);

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
