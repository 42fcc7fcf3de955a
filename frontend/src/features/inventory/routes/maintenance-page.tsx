import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatDate } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { useMaintenanceRecords } from '../api/inventory-api';
import { Modal } from '../../../components/modal';
import { InventoryPage } from '../components/inventory-shell';
import { ServiceActionForm } from '../components/item-actions';
import { canManageInventory, locationOf, todayIn } from '../lib/inventory-format';
import { MaintenanceDueList } from './alerts-page';

/**
 * /dashboard/inventory/maintenance: Equipment Maintenance — what is due (the front desk sends it to service and
 * completes the service from here, as from the item's page) and the records of work done.
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const [page, setPage] = useState(1);
  const q = useMaintenanceRecords(page, locationId);
  const [service, setService] = useState<{ item: { _id: string; name: string; locationId: string }; action: 'start' | 'complete' } | null>(null);
  let records;
  if (q.isPending) records = <LoadingState title={t('inventory:alerts.loading')} />;
  else if (q.isError)
    records = <ErrorState error={q.error} title={t('inventory:maintenance.recordsError')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.data.length === 0) records = <EmptyState title={t('inventory:maintenance.recordsEmpty')} />;
  else
    records = (
      <>
        <div className="table-wrap">
          <table className="table" data-testid="maintenance-records">
            <thead>
              <tr>
                <th scope="col">{t('inventory:table.date')}</th>
                <th scope="col">{t('inventory:table.item')}</th>
                <th scope="col">{t('inventory:table.workDone')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.cost')}
                </th>
                <th scope="col">{t('inventory:table.vendor')}</th>
                <th scope="col">{t('inventory:table.nextDue')}</th>
                <th scope="col">{t('inventory:table.recordedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((r) => (
                <tr key={r._id}>
                  <td>{formatDate(r.date, i18n.language)}</td>
                  <td>
                    <Link className="link cell-strong" to={`/dashboard/inventory/${r.item._id}`}>
                      {r.item.name}
                    </Link>
                  </td>
                  <td>{r.workDone}</td>
                  <td className="inv-num">{formatRupees2(r.cost)}</td>
                  <td>{r.vendor ?? '—'}</td>
                  <td>{r.nextDue ? formatDate(r.nextDue, i18n.language) : '—'}</td>
                  <td>{r.recordedBy.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} totalPages={q.data.pagination.totalPages} onChange={setPage} disabled={q.isFetching} />
      </>
    );
  return (
    <InventoryPage title={t('inventory:maintenance.title')} subtitle={t('inventory:maintenance.subtitle')} testId="maintenance-page">
      <section className="card card--flush" aria-labelledby="inv-due">
        <h2 className="card__title card__title--padded" id="inv-due">
          {t('inventory:maintenance.due')}
        </h2>
        <MaintenanceDueList onService={canManageInventory(user.role) ? (item, action) => setService({ item, action }) : undefined} />
      </section>
      <section className="card card--flush" aria-labelledby="inv-records">
        <h2 className="card__title card__title--padded" id="inv-records">
          {t('inventory:maintenance.records')}
        </h2>
        {records}
      </section>
      <Modal
        open={service !== null}
        onClose={() => setService(null)}
        title={service ? t(service.action === 'start' ? 'inventory:service.send' : 'inventory:service.complete') : ''}
        description={service?.item.name}
        testId="service-dialog"
      >
        {service ? (
          <ServiceActionForm
            key={`${service.item._id}-${service.action}`}
            item={service.item}
            action={service.action}
            onDone={() => setService(null)}
            today={todayIn(locationOf(user, service.item.locationId)?.timezone)}
          />
        ) : null}
      </Modal>
    </InventoryPage>
  );
}
