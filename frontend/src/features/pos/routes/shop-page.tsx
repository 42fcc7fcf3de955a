import type { ShopItem } from '@akhada/contracts';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-error';
import { formatRupees2 } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateOrder, useShop } from '../api/pos-api';
import { SHOP_PAY_WITHIN_MINUTES } from '../lib/shop';
import '../pos.css';

/** Most of one item a member may order at once (the contract's line limit is the stock; the desk has the rest). */
export const SHOP_MAX_QTY = 10;

interface ShopLine {
  item: ShopItem;
  quantity: number;
}

/**
 * The member's shop: resale items of their location (prices include GST), a cart, and an order to pay online and
 * pick up at the desk. One saleId per order, kept across retries.
 */
export function ShopPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('pos:shop.pageTitle'));
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const id = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const shop = useShop(deferred);
  const [cart, setCart] = useState<ShopLine[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const saleId = useRef<string | null>(null);
  const order = useCreateOrder();
  const total = cart.reduce((sum, l) => sum + Math.round(l.item.price * 100) * l.quantity, 0) / 100;

  const setQty = (item: ShopItem, quantity: number) =>
    setCart((lines) => {
      const q = Math.min(Math.max(0, quantity), SHOP_MAX_QTY);
      if (q === 0) return lines.filter((l) => l.item._id !== item._id);
      return lines.some((l) => l.item._id === item._id)
        ? lines.map((l) => (l.item._id === item._id ? { ...l, quantity: q } : l))
        : [...lines, { item, quantity: q }];
    });
  const qtyOf = (itemId: string) => cart.find((l) => l.item._id === itemId)?.quantity ?? 0;

  const place = () => {
    saleId.current ??= crypto.randomUUID();
    setFailure(null);
    order.mutate(
      { saleId: saleId.current, lines: cart.map((l) => ({ itemId: l.item._id, quantity: l.quantity })) },
      {
        onSuccess: (sale) => {
          saleId.current = null;
          setCart([]);
          void navigate(`/dashboard/me/shop/orders/${sale._id}`);
        },
        onError: (e) => {
          const definite = e instanceof ApiError && ((e.kind === 'http' && e.status < 500) || e.kind === 'validation');
          if (definite) saleId.current = null;
          setFailure(
            e instanceof ApiError && e.code === 'INSUFFICIENT_STOCK'
              ? `${t('pos:shop.insufficient')} ${describe(e)}`
              : `${describe(e)}${definite ? '' : ` ${t('pos:shop.retrySafe')}`}`,
          );
        },
      },
    );
  };

  return (
    <div className="page pos-page">
      <PageHeader title={t('pos:shop.title')} subtitle={t('pos:shop.subtitle')} />
      <div className="pos-layout">
        <section className="card pos-layout__items" aria-labelledby={`${id}-items`}>
          <h2 className="pos-section-title" id={`${id}-items`}>
            {t('pos:shop.items')}
          </h2>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            {t('pos:shop.searchLabel')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input pos-search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('pos:shop.searchPlaceholder')}
            maxLength={100}
            data-testid="shop-search"
          />
          {shop.isPending ? (
            <LoadingState title={t('pos:items.loading')} />
          ) : shop.isError ? (
            <ErrorState error={shop.error} title={t('pos:shop.loadError')} onRetry={() => void shop.refetch()} retrying={shop.isFetching} />
          ) : shop.data.data.length === 0 ? (
            <EmptyState
              title={deferred ? t('pos:items.noMatch', { search: deferred }) : t('pos:shop.empty')}
              hint={deferred ? undefined : t('pos:shop.emptyHint')}
            />
          ) : (
            <ul className="shop-grid" aria-busy={shop.isFetching || undefined} data-testid="shop-items">
              {shop.data.data.map((item) => (
                <li key={item._id} className="shop-card" data-testid="shop-item">
                  <p className="shop-card__name">{item.name}</p>
                  {item.brand ? <p className="text-muted shop-card__brand">{item.brand}</p> : null}
                  {item.description ? <p className="shop-card__desc">{item.description}</p> : null}
                  <p className="shop-card__price">
                    {formatRupees2(item.price)} <span className="text-muted">{t('pos:shop.inclGst')}</span>
                  </p>
                  <p className={item.inStock ? 'pos-item__stock' : 'pos-item__stock pos-item__stock--out'}>
                    {item.inStock ? t('pos:shop.inStock') : t('pos:items.outOfStock')}
                  </p>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={!item.inStock || qtyOf(item._id) >= SHOP_MAX_QTY}
                    onClick={() => setQty(item, qtyOf(item._id) + 1)}
                    aria-label={t('pos:items.addNamed', { name: item.name })}
                    data-testid="shop-add"
                  >
                    {t('pos:items.add')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card pos-layout__cart" aria-labelledby={`${id}-cart`}>
          <h2 className="pos-section-title" id={`${id}-cart`}>
            {t('pos:cart.title')}
          </h2>
          {cart.length === 0 ? (
            <EmptyState title={t('pos:cart.empty')} hint={t('pos:shop.cartHint')} />
          ) : (
            <ul className="pos-cart" data-testid="shop-cart">
              {cart.map(({ item, quantity }) => (
                <li key={item._id} className="pos-cart__line">
                  <div className="pos-cart__name">
                    <span className="pos-cart__item">{item.name}</span>
                    <span className="pos-cart__meta">{formatRupees2(item.price)}</span>
                  </div>
                  <div className="pos-qty" role="group" aria-label={t('pos:cart.quantityOf', { name: item.name })}>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm pos-qty__btn"
                      onClick={() => setQty(item, quantity - 1)}
                      aria-label={t('pos:cart.decrease', { name: item.name })}
                    >
                      −
                    </button>
                    <span className="pos-qty__value" aria-live="polite">
                      {quantity}
                    </span>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm pos-qty__btn"
                      onClick={() => setQty(item, quantity + 1)}
                      disabled={quantity >= SHOP_MAX_QTY}
                      aria-label={t('pos:cart.increase', { name: item.name })}
                    >
                      +
                    </button>
                  </div>
                  {quantity >= SHOP_MAX_QTY ? <span className="field__hint">{t('pos:shop.maxQty', { count: SHOP_MAX_QTY })}</span> : null}
                  <span className="pos-cart__total">{formatRupees2((Math.round(item.price * 100) * quantity) / 100)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className="pos-totals" aria-live="polite">
            <div className="pos-totals__grand">
              <dt>{t('pos:shop.total')}</dt>
              <dd data-testid="shop-total">{formatRupees2(total)}</dd>
            </div>
          </dl>
          <p className="field__hint">{t('pos:shop.howItWorks', { minutes: SHOP_PAY_WITHIN_MINUTES })}</p>
          {failure ? (
            <p className="alert alert--error" role="alert" data-testid="shop-error">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={cart.length === 0 || order.isPending}
            onClick={place}
            data-testid="shop-order"
          >
            {order.isPending ? t('pos:shop.ordering') : t('pos:shop.order')}
          </button>
        </section>
      </div>
    </div>
  );
}
