import { InventoryCategory, InventoryCondition, InventoryStatus } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { BoxIcon } from '../../../components/icons/box';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatMoney, formatNumber } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { INVENTORY_PAGE_SIZE, useInventoryDashboard, useInventoryList } from '../api/inventory-api';
import type { InventoryListParams } from '../api/inventory-keys';
import { Badge, InventoryPage } from '../components/inventory-shell';
import { canManageInventory, CONDITION_TONE, locationOf, STATUS_TONE } from '../lib/inventory-format';
import { locationOptions } from '../../../components/location-select';

const SORTS = ['name', 'quantity', 'updatedAt'] as const;
const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined =>
  v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;

/** The list's filters as the address holds them (?category=&status=&condition=&locationId=&lowStock=1&search=&sort=&page=). */
export function paramsFromSearch(sp: URLSearchParams): InventoryListParams {
  const page = Number(sp.get('page'));
  const search = sp.get('search')?.trim().slice(0, 100);
  return {
    category: pick(InventoryCategory.options, sp.get('category')),
    status: pick(InventoryStatus.options, sp.get('status')),
    condition: pick(InventoryCondition.options, sp.get('condition')),
    locationId: /^[0-9a-f-]{36}$/i.test(sp.get('locationId') ?? '') ? (sp.get('locationId') as string) : undefined,
    isLowStock: sp.get('lowStock') === '1' ? 'true' : undefined,
    search: search || undefined,
    sort: pick(SORTS, sp.get('sort')) ?? 'name',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: INVENTORY_PAGE_SIZE,
  };
}

function SummaryCards() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { locationId } = useCurrentLocation(user);
  const q = useInventoryDashboard(locationId);
  if (q.isPending) return null;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const d = q.data;
  const cards = [
    { key: 'totalItems', value: formatNumber(d.totalItems) },
    { key: 'stockValue', value: formatMoney(d.stockValueAtCost) },
    { key: 'lowStock', value: formatNumber(d.lowStockCount), to: '/dashboard/inventory/alerts', alert: d.lowStockCount > 0 },
    { key: 'expiring', value: formatNumber(d.expiringCount), to: '/dashboard/inventory/alerts?tab=expiring', alert: d.expiringCount > 0 },
    { key: 'maintenanceDue', value: formatNumber(d.maintenanceDueCount), to: '/dashboard/inventory/maintenance', alert: d.maintenanceDueCount > 0 },
    {
      key: 'equipmentStatus',
      value: d.equipmentStatusPercent === null ? t('inventory:cards.noEquipment') : `${Math.round(d.equipmentStatusPercent)} %`,
    },
    { key: 'salesToday', value: formatMoney(d.salesToday.total), hint: t('inventory:cards.salesTodayHint', { count: d.salesToday.count }) },
  ] as const;
  return (
    <ul className="inv-cards" data-testid="inv-cards">
      {cards.map((c) => {
        const inner = (
          <>
            <span className="inv-card__label">{t(`inventory:cards.${c.key}`)}</span>
            <span className={`inv-card__value${'alert' in c && c.alert ? ' text-danger' : ''}`} data-testid={`inv-card-${c.key}`}>
              {c.value}
            </span>
            {'hint' in c ? <span className="inv-card__hint text-muted">{c.hint}</span> : null}
          </>
        );
        return (
          <li key={c.key} className="card inv-card">
            {'to' in c ? (
              <Link to={c.to} className="inv-card__link">
                {inner}
              </Link>
            ) : (
              <div className="inv-card__link">{inner}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** /dashboard/inventory: Inventory Management — totals, filters (in the address), the items and paging. */
export function InventoryListPage() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const desk = canManageInventory(user.role);
  const [sp, setSp] = useSearchParams();
  const params = paramsFromSearch(sp);
  const [search, setSearch] = useState(params.search ?? '');
  const q = useInventoryList(params);

  const setParam = (key: string, value: string | undefined) => {
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  useEffect(() => {
    const id = setTimeout(() => {
      if ((search.trim() || undefined) !== params.search) setParam('search', search.trim() || undefined);
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the debounce
  }, [search]);
  const filtered = Boolean(params.category || params.status || params.condition || params.locationId || params.isLowStock || params.search);

  let body;
  if (q.isPending) body = <LoadingState title={t('inventory:list.loading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('inventory:list.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.data.length === 0)
    body = filtered ? (
      <EmptyState
        icon={<BoxIcon size={28} />}
        title={t('inventory:list.noMatch')}
        action={
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setSearch('');
              setSp(new URLSearchParams(), { replace: true });
            }}
          >
            {t('inventory:list.resetFilters')}
          </button>
        }
      />
    ) : (
      <EmptyState
        icon={<BoxIcon size={28} />}
        title={t('inventory:list.empty')}
        hint={desk ? t('inventory:list.emptyHint') : undefined}
        action={
          desk ? (
            <Link to="/dashboard/inventory/create" className="btn btn--primary">
              {t('inventory:list.addItem')}
            </Link>
          ) : undefined
        }
      />
    );
  else
    body = (
      <>
        <p className="text-muted inv-pad" aria-live="polite" data-testid="inv-count">
          {t('inventory:list.count', { count: q.data.totalCount })}
        </p>
        <div className="table-wrap">
          <table className="table inv-table" aria-busy={q.isFetching || undefined} data-testid="inv-table">
            <thead>
              <tr>
                <th scope="col">{t('inventory:table.item')}</th>
                <th scope="col">{t('inventory:table.category')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.quantity')}
                </th>
                <th scope="col">{t('inventory:table.status')}</th>
                <th scope="col">{t('inventory:table.condition')}</th>
                <th scope="col" className="inv-num">
                  {t('inventory:table.price')}
                </th>
                <th scope="col">{t('inventory:table.location')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.data.map((item) => (
                <tr key={item._id} data-testid="inv-row">
                  <td>
                    <Link to={`/dashboard/inventory/${item._id}`} className="cell-strong link">
                      {item.name}
                    </Link>
                    {item.brand || item.sku ? <div className="cell-sub text-muted">{[item.brand, item.sku].filter(Boolean).join(' · ')}</div> : null}
                  </td>
                  <td>{t(`inventory:category.${item.category}`)}</td>
                  <td className="inv-num">
                    <span data-testid="inv-row-quantity">
                      {formatNumber(item.quantity)} {item.unit}
                    </span>
                    {item.quantity === 0 ? (
                      <div>
                        <Badge tone="danger">{t('inventory:list.outOfStock')}</Badge>
                      </div>
                    ) : item.isLowStock ? (
                      <div>
                        <Badge tone="badge--priority-high">{t('inventory:list.lowStockBadge')}</Badge>
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[item.status]}>{t(`inventory:status.${item.status}`)}</Badge>
                  </td>
                  <td>
                    <Badge tone={CONDITION_TONE[item.condition]}>{t(`inventory:condition.${item.condition}`)}</Badge>
                  </td>
                  <td className="inv-num">{item.isForSale && item.sellingPrice !== null ? formatRupees2(item.sellingPrice) : '—'}</td>
                  <td>{locationOf(user, item.locationId)?.name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={params.page} totalPages={q.data.pagination.totalPages} onChange={(p) => setParam('page', String(p))} disabled={q.isFetching} />
      </>
    );

  const select = (key: string, label: string, value: string | undefined, options: readonly { value: string; label: string }[], testId: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input select" value={value ?? ''} onChange={(e) => setParam(key, e.target.value || undefined)} data-testid={testId}>
        <option value="">{t('inventory:filters.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <InventoryPage
      title={t('inventory:list.title')}
      subtitle={t('inventory:list.subtitle')}
      back={false}
      testId="inventory-page"
      actions={
        desk ? (
          <>
            <Link to="/dashboard/inventory/analytics" className="btn btn--secondary" data-testid="inv-analytics-link">
              {t('inventory:list.analytics')}
            </Link>
            <Link to="/dashboard/inventory/create" className="btn btn--primary" data-testid="inv-add-item">
              {t('inventory:list.addItem')}
            </Link>
          </>
        ) : undefined
      }
    >
      {!desk ? <p className="text-muted">{t('inventory:trainerNote')}</p> : null}
      <SummaryCards />
      <section className="card inv-filters" aria-label={t('inventory:filters.label')}>
        <label className="field inv-filters__search">
          <span className="field__label">{t('inventory:filters.search')}</span>
          <input
            type="search"
            className="input"
            value={search}
            maxLength={100}
            placeholder={t('inventory:filters.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="inv-search"
          />
        </label>
        {select(
          'category',
          t('inventory:filters.category'),
          params.category,
          InventoryCategory.options.map((c) => ({ value: c, label: t(`inventory:category.${c}`) })),
          'inv-filter-category',
        )}
        {select(
          'status',
          t('inventory:filters.status'),
          params.status,
          InventoryStatus.options.map((s) => ({ value: s, label: t(`inventory:status.${s}`) })),
          'inv-filter-status',
        )}
        {select(
          'condition',
          t('inventory:filters.condition'),
          params.condition,
          InventoryCondition.options.map((c) => ({ value: c, label: t(`inventory:condition.${c}`) })),
          'inv-filter-condition',
        )}
        {user.locations.length > 1
          ? select('locationId', t('inventory:filters.location'), params.locationId, locationOptions(user.locations), 'inv-filter-location')
          : null}
        <label className="field">
          <span className="field__label">{t('inventory:filters.sort')}</span>
          <select className="input select" value={params.sort} onChange={(e) => setParam('sort', e.target.value === 'name' ? undefined : e.target.value)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`inventory:filters.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="inv-check">
          <input
            type="checkbox"
            checked={params.isLowStock === 'true'}
            onChange={(e) => setParam('lowStock', e.target.checked ? '1' : undefined)}
            data-testid="inv-filter-low-stock"
          />
          {t('inventory:filters.lowStockOnly')}
        </label>
      </section>
      <section className="card card--flush">{body}</section>
    </InventoryPage>
  );
}
