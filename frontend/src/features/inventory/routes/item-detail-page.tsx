import type { InventoryItem } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatNumber } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useArchiveItem, useAssignItem, useInventoryItem, useMovements } from '../api/inventory-api';
import { Badge, InventoryPage } from '../components/inventory-shell';
import { ItemActionDialog, type ItemAction } from '../components/item-actions';
import { canManageInventory, CONDITION_TONE, formatAt, locationOf, PRIORITY_CLASS, STATUS_TONE, todayIn } from '../lib/inventory-format';

const MOVEMENT_KINDS = [
  'created',
  'updated',
  'received',
  'adjusted',
  'sold',
  'sale_cancelled',
  'written_off',
  'assigned',
  'returned',
  'maintenance_started',
  'maintenance_completed',
  'condition_changed',
  'disposed',
  'archived',
] as const;

function History({ item, timeZone }: { item: InventoryItem; timeZone?: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [page, setPage] = useState(1);
  const q = useMovements(item._id, page);
  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:detail.historyLoading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('inventory:detail.historyError')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.data.length === 0) body = <EmptyState title={t('inventory:detail.historyEmpty')} />;
  else
    body = (
      <>
        <div className="table-wrap">
          <table className="table" data-testid="inv-history">
            <thead>
              <tr>
                <th scope="col">{t('inventory:table.date')}</th>
                <th scope="col">{t('inventory:table.event')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.change')}
                </th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.after')}
                </th>
                <th scope="col">{t('inventory:table.by')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((m) => {
                const kind = (MOVEMENT_KINDS as readonly string[]).includes(m.kind) ? (m.kind as (typeof MOVEMENT_KINDS)[number]) : 'other';
                const reason = typeof m.details.reason === 'string' ? m.details.reason : null;
                return (
                  <tr key={m._id} data-testid="inv-history-row" data-kind={m.kind}>
                    <td>{formatAt(m.at, i18n.language, timeZone)}</td>
                    <td>
                      {t(`inventory:movement.${kind}`)}
                      {reason ? <div className="cell-sub text-muted">{reason}</div> : null}
                    </td>
                    <td className={`inv-num ${m.quantityChange < 0 ? 'text-danger' : ''}`}>
                      {m.quantityChange === 0 ? '—' : `${m.quantityChange > 0 ? '+' : '−'}${formatNumber(Math.abs(m.quantityChange))}`}
                    </td>
                    <td className="inv-num">{formatNumber(m.quantityAfter)}</td>
                    <td>{m.by?.name ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pagination page={page} totalPages={q.data.pagination.totalPages} onChange={setPage} disabled={q.isFetching} />
      </>
    );
  return (
    <section className="card card--flush" aria-labelledby="inv-history-title">
      <h2 className="card__title card__title--padded" id="inv-history-title">
        {t('inventory:detail.history')}
      </h2>
      {body}
    </section>
  );
}

function ItemDetail({ item }: { item: InventoryItem }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const { describe } = useErrorText();
  const desk = canManageInventory(user.role);
  const location = locationOf(user, item.locationId);
  const tz = location?.timezone;
  const lang = i18n.language;
  const [action, setAction] = useState<ItemAction | null>(null);
  const archive = useArchiveItem(item._id);
  const unassign = useAssignItem(item._id);
  const d = (v: string | null | undefined) => (v ? formatDate(v, lang) : t('inventory:detail.none'));
  const live = item.status !== 'disposed' && !item.archived;
  const eq = item.equipment;
  const btn = (key: ItemAction, label: string) => (
    <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAction(key)} data-testid={`action-${key}`}>
      {label}
    </button>
  );

  return (
    <>
      <section className="card inv-hero" aria-labelledby="inv-item-name">
        <div className="inv-hero__main">
          <h2 className="inv-hero__name" id="inv-item-name" data-testid="item-name-heading">
            {item.name}
          </h2>
          <div className="inv-badges">
            <Badge tone="neutral">{t(`inventory:category.${item.category}`)}</Badge>
            <Badge tone={STATUS_TONE[item.status]} testId="item-status">
              {t(`inventory:status.${item.status}`)}
            </Badge>
            <Badge tone={CONDITION_TONE[item.condition]}>{t(`inventory:condition.${item.condition}`)}</Badge>
            <Badge tone={PRIORITY_CLASS[item.priority]}>{t(`inventory:priority.${item.priority}`)}</Badge>
          </div>
          {item.description ? <p className="text-muted">{item.description}</p> : null}
        </div>
        <div className="inv-hero__stock">
          <span className="inv-card__label">{t('inventory:detail.inStock')}</span>
          <span className={`inv-hero__qty${item.isLowStock ? ' text-danger' : ''}`} data-testid="item-quantity" aria-live="polite">
            {formatNumber(item.quantity)} {item.unit}
          </span>
          {item.isLowStock ? <span className="text-danger">{t('inventory:detail.lowStock', { level: item.reorderLevel })}</span> : null}
        </div>
      </section>

      {live ? (
        <section className="card inv-actions" aria-label={t('inventory:detail.actions')}>
          {desk ? (
            <>
              {btn('receive', t('inventory:stock.receive'))}
              {btn('adjust', t('inventory:stock.adjust'))}
              {item.quantity > 0 ? btn('write_off', t('inventory:stock.writeOff')) : null}
            </>
          ) : null}
          {item.assignedTo ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={unassign.isPending}
              data-testid="action-return"
              onClick={() =>
                unassign.mutate(
                  { assignTo: null },
                  {
                    onSuccess: () => toast.success(t('inventory:assign.returned')),
                    onError: (e) => toast.error(t('inventory:assign.error', { message: describe(e) })),
                  },
                )
              }
            >
              {t('inventory:assign.return')}
            </button>
          ) : (
            btn('assign', t('inventory:assign.title'))
          )}
          {desk && item.category === 'equipment'
            ? item.status === 'maintenance'
              ? btn('complete', t('inventory:service.complete'))
              : btn('start', t('inventory:service.send'))
            : null}
          {desk ? (
            <>
              <Link to={`/dashboard/inventory/create?edit=${item._id}`} className="btn btn--secondary btn--sm" data-testid="action-edit">
                {t('inventory:detail.edit')}
              </Link>
              {btn('dispose', t('inventory:dispose.title'))}
              <button
                type="button"
                className="btn btn--ghost btn--sm text-danger"
                disabled={archive.isPending}
                data-testid="action-archive"
                onClick={() => {
                  if (!window.confirm(t('inventory:detail.archiveConfirm'))) return;
                  archive.mutate(undefined, {
                    onSuccess: () => {
                      toast.success(t('inventory:detail.archived'));
                      void navigate('/dashboard/inventory');
                    },
                    onError: (e) => toast.error(describe(e)),
                  });
                }}
              >
                {t('inventory:detail.archive')}
              </button>
            </>
          ) : null}
        </section>
      ) : null}

      <div className="inv-two">
        <section className="card" aria-labelledby="inv-facts">
          <h2 className="card__title" id="inv-facts">
            {t('inventory:detail.facts')}
          </h2>
          <dl className="facts facts--grid">
            <dt>{t('inventory:table.location')}</dt>
            <dd>{location?.name ?? '—'}</dd>
            <dt>{t('inventory:form.sku')}</dt>
            <dd>{item.sku ?? '—'}</dd>
            <dt>{t('inventory:form.barcode')}</dt>
            <dd>{item.barcode ?? '—'}</dd>
            <dt>{t('inventory:form.brand')}</dt>
            <dd>{item.brand ?? '—'}</dd>
            <dt>{t('inventory:table.reorderLevel')}</dt>
            <dd>{formatNumber(item.reorderLevel)}</dd>
            <dt>{t('inventory:detail.costPrice')}</dt>
            <dd>{item.costPrice === null ? '—' : formatRupees2(item.costPrice)}</dd>
            <dt>{t('inventory:detail.sellingPrice')}</dt>
            <dd data-testid="item-selling-price">
              {item.isForSale && item.sellingPrice !== null ? formatRupees2(item.sellingPrice) : t('inventory:detail.notForSale')}
              {item.isForSale && item.hsn ? (
                <div className="cell-sub text-muted">{t('inventory:detail.gst', { rate: item.gstRate, hsn: item.hsn })}</div>
              ) : null}
            </dd>
            <dt>{t('inventory:table.supplier')}</dt>
            <dd>{item.supplier?.name ?? '—'}</dd>
            <dt>{t('inventory:detail.assignment')}</dt>
            <dd data-testid="item-assignment">
              {item.assignedTo
                ? t('inventory:detail.assignedTo', { name: item.assignedTo.name, date: formatAt(item.assignedTo.assignedAt, lang, tz) })
                : t('inventory:detail.notAssigned')}
            </dd>
          </dl>
        </section>
        {eq ? (
          <section className="card" aria-labelledby="inv-eq">
            <h2 className="card__title" id="inv-eq">
              {t('inventory:detail.equipment')}
            </h2>
            {eq.isMaintenanceDue ? (
              <p>
                <Badge tone="danger">{t('inventory:detail.maintenanceDue')}</Badge>
              </p>
            ) : null}
            <dl className="facts facts--grid">
              <dt>{t('inventory:form.serialNumber')}</dt>
              <dd>{eq.serialNumber ?? '—'}</dd>
              <dt>{t('inventory:form.purchaseDate')}</dt>
              <dd>{d(eq.purchaseDate)}</dd>
              <dt>{t('inventory:form.warrantyUntil')}</dt>
              <dd>{d(eq.warrantyUntil)}</dd>
              <dt>{t('inventory:form.serviceIntervalDays')}</dt>
              <dd>{eq.serviceIntervalDays ?? '—'}</dd>
              <dt>{t('inventory:form.lastServiceDate')}</dt>
              <dd>{d(eq.lastServiceDate)}</dd>
              <dt>{t('inventory:detail.nextServiceDue')}</dt>
              <dd data-testid="item-next-service">{d(eq.nextServiceDue)}</dd>
            </dl>
          </section>
        ) : null}
      </div>

      <section className="card card--flush" aria-labelledby="inv-batches">
        <h2 className="card__title card__title--padded" id="inv-batches">
          {t('inventory:detail.batches')}
        </h2>
        {item.batches.length === 0 ? (
          <p className="text-muted inv-pad">{t('inventory:detail.noBatches')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="inv-batches">
              <thead>
                <tr>
                  <th scope="col">{t('inventory:table.batch')}</th>
                  <th scope="col" className="inv-num">
                    {t('inventory:table.quantity')}
                  </th>
                  <th scope="col">{t('inventory:table.expiry')}</th>
                  <th scope="col" className="inv-num">
                    {t('inventory:table.unitCost')}
                  </th>
                  <th scope="col">{t('inventory:table.supplier')}</th>
                  <th scope="col">{t('inventory:table.received')}</th>
                </tr>
              </thead>
              <tbody>
                {item.batches.map((b) => (
                  <tr key={b._id} data-testid="inv-batch-row">
                    <td>{b.batchNo ?? '—'}</td>
                    <td className="inv-num">{formatNumber(b.quantity)}</td>
                    <td>{d(b.expiryDate)}</td>
                    <td className="inv-num">{formatRupees2(b.unitCost)}</td>
                    <td>{b.supplier?.name ?? '—'}</td>
                    <td>{formatAt(b.receivedAt, lang, tz)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <History item={item} timeZone={tz} />
      <ItemActionDialog item={item} action={action} onClose={() => setAction(null)} today={todayIn(tz)} />
    </>
  );
}

/** /dashboard/inventory/:id: Inventory Item Details — stock, batches, equipment, assignment, actions by role and the history. */
export function ItemDetailPage() {
  const { t } = useTranslation(ALL_NS);
  const { id = '' } = useParams();
  const q = useInventoryItem(id);
  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:detail.loading')} />;
  else if (q.isError)
    body =
      q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400) ? (
        <EmptyState title={t('inventory:detail.notFound')} />
      ) : (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      );
  else body = <ItemDetail item={q.data} />;
  return (
    <InventoryPage title={t('inventory:detail.title')} nav={false} testId="item-detail-page">
      {q.isPending || q.isError ? <section className="card">{body}</section> : body}
    </InventoryPage>
  );
}
