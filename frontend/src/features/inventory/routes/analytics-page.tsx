import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { barSeries, baseChartOptions, useUplot } from '../../../components/charts/use-uplot';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useInventoryAnalytics, type AnalyticsPeriod } from '../api/inventory-api';
import { InventoryPage } from '../components/inventory-shell';
import { canManageInventory } from '../lib/inventory-format';

const PERIODS: AnalyticsPeriod[] = ['7d', '30d', '90d', '12m'];

function SalesChart({ points, monthly }: { points: { date: string; quantity: number; revenue: number }[]; monthly: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const lang = i18n.language;
  const label = (d: string) =>
    monthly
      ? new Date(`${d}T00:00:00`).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'short', numberingSystem: 'latn' })
      : formatDate(d, lang).replace(/,? \d{4}$/, '');
  useUplot(box, `${lang}|${points.map((p) => `${p.date}:${p.revenue}`).join(',')}`, 240, (UPlot, { axis, accent }) => {
    if (points.length === 0) return null;
    return {
      options: {
        ...baseChartOptions,
        scales: { x: { time: false, range: [-0.5, points.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) && points[s] ? label(points[s].date) : '')) },
          { ...axis, size: 70, values: (_u, splits) => splits.map((s) => formatMoney(s)) },
        ],
        series: [{}, barSeries(UPlot, accent)],
      },
      data: [points.map((_, i) => i), points.map((p) => p.revenue)],
    };
  });
  if (points.every((p) => p.revenue === 0)) return <p className="text-muted">{t('inventory:analytics.salesEmpty')}</p>;
  return (
    <>
      <div ref={box} className="inv-chart" aria-hidden="true" data-testid="inv-sales-chart" />
      <table className="visually-hidden">
        <caption>{t('inventory:analytics.salesOverTime')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('inventory:table.date')}</th>
            <th scope="col">{t('inventory:table.sold')}</th>
            <th scope="col">{t('inventory:table.revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{label(p.date)}</td>
              <td>{p.quantity}</td>
              <td>{formatMoney(p.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Bars({ rows, testId }: { rows: { key: string; label: string; value: number; text: string }[]; testId: string }) {
  const { t } = useTranslation(ALL_NS);
  if (rows.length === 0) return <p className="text-muted">{t('inventory:analytics.none')}</p>;
  const max = Math.max(...rows.map((r) => r.value), 1);
  return (
    <ul className="inv-bars" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.key} className="inv-bars__row">
          <span className="inv-bars__label">{r.label}</span>
          <span className="inv-bars__track" aria-hidden="true">
            <span className="inv-bars__fill" style={{ width: `${Math.max(2, (r.value / max) * 100)}%` }} />
          </span>
          <span className="inv-bars__value">{r.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/inventory/analytics: Inventory Analytics — stock value, sales over time, by category and item, fast and slow movers, wastage. */
export function InventoryAnalyticsPage() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const [sp, setSp] = useSearchParams();
  const period = (PERIODS as string[]).includes(sp.get('period') ?? '') ? (sp.get('period') as AnalyticsPeriod) : '30d';
  const q = useInventoryAnalytics(period, locationId);
  if (!canManageInventory(user.role)) return <Navigate to="/dashboard/inventory" replace />;
  const units = (n: number) => t('inventory:analytics.units', { count: n });
  const itemRows = (rows: { itemId: string; name: string; quantity: number; revenue: number }[]) =>
    rows.map((r) => ({ key: r.itemId, label: r.name, value: r.quantity, text: `${units(r.quantity)} · ${formatMoney(r.revenue)}` }));

  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:analytics.loading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('inventory:analytics.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else {
    const a = q.data;
    body = (
      <>
        <ul className="inv-cards">
          <li className="card inv-card">
            <div className="inv-card__link">
              <span className="inv-card__label">{t('inventory:analytics.atCost')}</span>
              <span className="inv-card__value" data-testid="an-at-cost">
                {formatMoney(a.stockValue.atCost)}
              </span>
            </div>
          </li>
          <li className="card inv-card">
            <div className="inv-card__link">
              <span className="inv-card__label">{t('inventory:analytics.atSalePrice')}</span>
              <span className="inv-card__value" data-testid="an-at-sale">
                {formatMoney(a.stockValue.atSalePrice)}
              </span>
            </div>
          </li>
          <li className="card inv-card">
            <div className="inv-card__link">
              <span className="inv-card__label">{t('inventory:analytics.wastage')}</span>
              <span className="inv-card__value">{formatMoney(a.wastage.valueAtCost)}</span>
              <span className="inv-card__hint text-muted">{units(a.wastage.quantity)}</span>
            </div>
          </li>
        </ul>
        <section className="card" aria-labelledby="an-time">
          <h2 className="card__title" id="an-time">
            {t('inventory:analytics.salesOverTime')}
          </h2>
          <SalesChart points={a.salesOverTime} monthly={period === '12m'} />
        </section>
        <div className="inv-two">
          <section className="card" aria-labelledby="an-cat">
            <h2 className="card__title" id="an-cat">
              {t('inventory:analytics.byCategory')}
            </h2>
            <Bars
              testId="an-by-category"
              rows={a.salesByCategory
                .filter((c) => c.quantity > 0 || c.revenue > 0)
                .map((c) => ({
                  key: c.category,
                  label: t(`inventory:category.${c.category}`),
                  value: c.revenue,
                  text: `${formatMoney(c.revenue)} · ${units(c.quantity)}`,
                }))}
            />
          </section>
          <section className="card" aria-labelledby="an-item">
            <h2 className="card__title" id="an-item">
              {t('inventory:analytics.byItem')}
            </h2>
            <Bars testId="an-by-item" rows={itemRows(a.salesByItem.slice(0, 10))} />
          </section>
          <section className="card" aria-labelledby="an-fast">
            <h2 className="card__title" id="an-fast">
              {t('inventory:analytics.fastMovers')}
            </h2>
            <Bars testId="an-fast" rows={itemRows(a.fastMovers)} />
          </section>
          <section className="card" aria-labelledby="an-slow">
            <h2 className="card__title" id="an-slow">
              {t('inventory:analytics.slowMovers')}
            </h2>
            <Bars testId="an-slow" rows={itemRows(a.slowMovers)} />
          </section>
        </div>
        <section className="card" aria-labelledby="an-waste">
          <h2 className="card__title" id="an-waste">
            {t('inventory:analytics.wastage')}
          </h2>
          <p className="text-muted">
            {t('inventory:analytics.wastageTotal', { quantity: formatNumber(a.wastage.quantity), amount: formatMoney(a.wastage.valueAtCost) })}
          </p>
          {a.wastage.byReason.length === 0 ? null : (
            <Bars
              testId="an-wastage"
              rows={a.wastage.byReason.map((w) => ({
                key: w.reason,
                label: t(`inventory:writeOffReason.${w.reason}`),
                value: w.valueAtCost,
                text: `${units(w.quantity)} · ${formatMoney(w.valueAtCost)}`,
              }))}
            />
          )}
        </section>
      </>
    );
  }
  return (
    <InventoryPage
      title={t('inventory:analytics.title')}
      subtitle={t('inventory:analytics.subtitle')}
      testId="inv-analytics-page"
      actions={
        <label className="field inv-inline-field">
          <span className="field__label">{t('inventory:analytics.period')}</span>
          <select className="input select" value={period} onChange={(e) => setSp({ period: e.target.value }, { replace: true })} data-testid="an-period">
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`inventory:analytics.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {body}
    </InventoryPage>
  );
}
