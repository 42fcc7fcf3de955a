import type { InventoryItem } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { useSaleItems } from '../api/pos-api';

/** The items for sale at the location matching the search, each with its price, stock and an Add button. */
export function ItemResults({
  locationId,
  search,
  inCart,
  onAdd,
}: {
  locationId: string;
  search: string;
  inCart: (itemId: string) => number;
  onAdd: (item: InventoryItem) => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const items = useSaleItems(locationId, search);
  if (items.isPending) return <LoadingState title={t('pos:items.loading')} />;
  if (items.isError) return <ErrorState error={items.error} onRetry={() => void items.refetch()} retrying={items.isFetching} />;
  if (items.data.data.length === 0)
    return <EmptyState title={search ? t('pos:items.noMatch', { search }) : t('pos:items.empty')} hint={search ? undefined : t('pos:items.emptyHint')} />;
  return (
    <ul className="pos-items" aria-label={t('pos:items.title')} aria-busy={items.isFetching || undefined} data-testid="pos-items">
      {items.data.data.map((item) => {
        const left = item.quantity - inCart(item._id);
        const canAdd = left > 0 && item.sellingPrice !== null && item.hsn !== null;
        return (
          <li key={item._id} className="pos-item" data-testid="pos-item">
            <div className="pos-item__text">
              <span className="pos-item__name">{item.name}</span>
              <span className="pos-item__meta">
                {[item.brand, item.sku, item.hsn ? t('pos:items.hsn', { hsn: item.hsn }) : null].filter(Boolean).join(' · ')}
              </span>
            </div>
            <div className="pos-item__side">
              <span className="pos-item__price">{item.sellingPrice === null ? '—' : formatRupees2(item.sellingPrice)}</span>
              <span className={item.quantity === 0 ? 'pos-item__stock pos-item__stock--out' : 'pos-item__stock'} data-testid="pos-item-stock">
                {item.quantity === 0 ? t('pos:items.outOfStock') : t('pos:items.inStock', { count: item.quantity })}
              </span>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => onAdd(item)}
                disabled={!canAdd}
                aria-label={t('pos:items.addNamed', { name: item.name })}
                data-testid="pos-item-add"
              >
                {t('pos:items.add')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
