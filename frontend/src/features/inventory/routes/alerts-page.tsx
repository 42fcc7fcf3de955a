import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { TabList, TabPanel } from '../../../components/tabs';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatDate, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useExpiring, useLowStock, useMaintenanceDue } from '../api/inventory-api';
import { Badge, InventoryPage } from '../components/inventory-shell';
import { locationOf, STATUS_TONE } from '../lib/inventory-format';

const TABS = ['low-stock', 'expiring', 'maintenance'] as const;
type Tab = (typeof TABS)[number];
const DAYS = [7, 30, 60, 90] as const;

function LowStock() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const q = useLowStock(locationId);
  if (q.isPending) return <LoadingState title={t('inventory:alerts.loading')} />;
  if (q.isError) return <ErrorState error={q.error} title={t('inventory:alerts.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.length === 0) return <EmptyState title={t('inventory:alerts.lowStockEmpty')} />;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="alerts-low-stock">
        <thead>
          <tr>
            <th scope="col">{t('inventory:table.item')}</th>
            <th scope="col" className="inv-num">
              {t('inventory:table.quantity')}
            </th>
            <th scope="col" className="inv-num">
              {t('inventory:table.reorderLevel')}
            </th>
            <th scope="col">{t('inventory:table.supplier')}</th>
            <th scope="col">{t('inventory:table.location')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data.map((i) => (
            <tr key={i._id}>
              <td>
                <Link className="link cell-strong" to={`/dashboard/inventory/${i._id}`}>
                  {i.name}
                </Link>
              </td>
              <td className={`inv-num${i.quantity === 0 ? ' text-danger' : ''}`}>
                {formatNumber(i.quantity)} {i.unit}
              </td>
              <td className="inv-num">{formatNumber(i.reorderLevel)}</td>
              <td>{i.supplier?.name ?? '—'}</td>
              <td>{locationOf(user, i.locationId)?.name ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Expiring({ days, setDays }: { days: number; setDays: (d: number) => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const q = useExpiring(days, locationId);
  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:alerts.loading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('inventory:alerts.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.length === 0) body = <EmptyState title={t('inventory:alerts.expiringEmpty', { days })} />;
  else
    body = (
      <div className="table-wrap">
        <table className="table" data-testid="alerts-expiring">
          <thead>
            <tr>
              <th scope="col">{t('inventory:table.item')}</th>
              <th scope="col">{t('inventory:table.batch')}</th>
              <th scope="col" className="inv-num">
                {t('inventory:table.quantity')}
              </th>
              <th scope="col">{t('inventory:table.expiry')}</th>
              <th scope="col">{t('inventory:table.daysLeft')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.map((e) => (
              <tr key={e.batch._id}>
                <td>
                  <Link className="link cell-strong" to={`/dashboard/inventory/${e.item._id}`}>
                    {e.item.name}
                  </Link>
                </td>
                <td>{e.batch.batchNo ?? '—'}</td>
                <td className="inv-num">{formatNumber(e.batch.quantity)}</td>
                <td>{e.batch.expiryDate ? formatDate(e.batch.expiryDate, i18n.language) : '—'}</td>
                <td>
                  {e.daysLeft < 0 ? (
                    <Badge tone="danger">{t('inventory:alerts.expired')}</Badge>
                  ) : e.daysLeft === 0 ? (
                    <Badge tone="badge--priority-high">{t('inventory:alerts.today')}</Badge>
                  ) : (
                    t('inventory:alerts.days', { count: e.daysLeft })
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <>
      <div className="inv-pad">
        <label className="field inv-inline-field">
          <span className="field__label">{t('inventory:alerts.within')}</span>
          <select className="input select" value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="alerts-days">
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {t('inventory:alerts.days', { count: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {body}
    </>
  );
}

/** The equipment due for service (also on Equipment Maintenance, where the front desk sends it to service and completes it). */
export function MaintenanceDueList({
  onService,
}: {
  onService?: (item: { _id: string; name: string; locationId: string }, action: 'start' | 'complete') => void;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const q = useMaintenanceDue(locationId);
  if (q.isPending) return <LoadingState title={t('inventory:alerts.loading')} />;
  if (q.isError) return <ErrorState error={q.error} title={t('inventory:alerts.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.length === 0) return <EmptyState title={t('inventory:alerts.maintenanceEmpty')} />;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="alerts-maintenance">
        <thead>
          <tr>
            <th scope="col">{t('inventory:table.item')}</th>
            <th scope="col">{t('inventory:table.status')}</th>
            <th scope="col">{t('inventory:table.due')}</th>
            <th scope="col">{t('inventory:table.overdue')}</th>
            {onService ? <th scope="col">{t('inventory:table.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {q.data.map((m) => (
            <tr key={m.item._id}>
              <td>
                <Link className="link cell-strong" to={`/dashboard/inventory/${m.item._id}`}>
                  {m.item.name}
                </Link>
                <div className="cell-sub text-muted">{t(`inventory:condition.${m.item.condition}`)}</div>
              </td>
              <td>
                <Badge tone={STATUS_TONE[m.item.status]}>{t(`inventory:status.${m.item.status}`)}</Badge>
              </td>
              <td>{formatDate(m.dueDate, i18n.language)}</td>
              <td className={m.daysOverdue > 0 ? 'text-danger' : undefined}>
                {m.daysOverdue > 0 ? t('inventory:alerts.overdue', { count: m.daysOverdue }) : t('inventory:alerts.dueToday')}
              </td>
              {onService ? (
                <td>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => onService(m.item, m.item.status === 'maintenance' ? 'complete' : 'start')}
                    data-testid="due-service"
                  >
                    {m.item.status === 'maintenance' ? t('inventory:service.complete') : t('inventory:service.send')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dashboard/inventory/alerts: Inventory Alerts — Low Stock, Expiring (within N days), Maintenance Due; the tab and days in the address. */
export function AlertsPage() {
  const { t } = useTranslation(ALL_NS);
  const [sp, setSp] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(sp.get('tab') ?? '') ? (sp.get('tab') as Tab) : 'low-stock';
  const daysParam = Number(sp.get('days'));
  const days = (DAYS as readonly number[]).includes(daysParam) ? daysParam : 30;
  const set = (patch: Record<string, string>) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const labels: Record<Tab, string> = {
    'low-stock': t('inventory:alerts.lowStock'),
    expiring: t('inventory:alerts.expiring'),
    maintenance: t('inventory:alerts.maintenanceDue'),
  };
  return (
    <InventoryPage title={t('inventory:alerts.title')} subtitle={t('inventory:alerts.subtitle')} testId="alerts-page">
      <section className="card card--flush">
        <TabList
          label={t('inventory:alerts.tabs')}
          idPrefix="inv-alerts"
          tabs={TABS.map((k) => ({ key: k, label: labels[k], testId: `alerts-tab-${k}` }))}
          active={tab}
          onChange={(k) => set({ tab: k })}
        />
        <TabPanel idPrefix="inv-alerts" tabKey={tab}>
          {tab === 'low-stock' ? <LowStock /> : null}
          {tab === 'expiring' ? <Expiring days={days} setDays={(d) => set({ days: String(d) })} /> : null}
          {tab === 'maintenance' ? <MaintenanceDueList /> : null}
        </TabPanel>
      </section>
    </InventoryPage>
  );
}
