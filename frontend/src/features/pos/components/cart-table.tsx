import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { paiseToRupees, type CartAction, type PricedLine } from '../lib/cart';

/** The cart: one row per item with − / quantity / +, the stock limit, the line's GST and total, and remove. */
export function CartTable({ lines, dispatch }: { lines: PricedLine[]; dispatch: (action: CartAction) => void }) {
  const { t } = useTranslation(ALL_NS);
  const money = (paise: number) => formatRupees2(paiseToRupees(paise));
  return (
    <ul className="pos-cart" aria-label={t('pos:cart.title')} data-testid="pos-cart">
      {lines.map((line) => {
        const atLimit = line.quantity >= line.inStock;
        return (
          <li key={line.itemId} className="pos-cart__line" data-testid="pos-cart-line">
            <div className="pos-cart__name">
              <span className="pos-cart__item">{line.name}</span>
              <span className="pos-cart__meta">{t('pos:cart.meta', { hsn: line.hsn, rate: line.gstRatePercent, price: money(line.unitPricePaise) })}</span>
              <span className={atLimit ? 'pos-cart__stock pos-cart__stock--limit' : 'pos-cart__stock'} data-testid="pos-cart-stock">
                {atLimit ? t('pos:cart.atLimit', { count: line.inStock }) : t('pos:cart.inStock', { count: line.inStock })}
              </span>
            </div>
            <div className="pos-qty" role="group" aria-label={t('pos:cart.quantityOf', { name: line.name })}>
              <button
                type="button"
                className="btn btn--secondary btn--sm pos-qty__btn"
                onClick={() => dispatch({ type: 'set', itemId: line.itemId, quantity: line.quantity - 1 })}
                aria-label={t('pos:cart.decrease', { name: line.name })}
                data-testid="pos-qty-minus"
              >
                −
              </button>
              <input
                className="input pos-qty__input"
                type="number"
                inputMode="numeric"
                min={1}
                max={line.inStock}
                value={line.quantity}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  if (Number.isFinite(n) && n >= 1) dispatch({ type: 'set', itemId: line.itemId, quantity: n });
                }}
                aria-label={t('pos:cart.quantity', { name: line.name })}
                data-testid="pos-qty"
              />
              <button
                type="button"
                className="btn btn--secondary btn--sm pos-qty__btn"
                onClick={() => dispatch({ type: 'set', itemId: line.itemId, quantity: line.quantity + 1 })}
                disabled={atLimit}
                aria-label={t('pos:cart.increase', { name: line.name })}
                data-testid="pos-qty-plus"
              >
                +
              </button>
            </div>
            <div className="pos-cart__amounts">
              <span className="pos-cart__total" data-testid="pos-line-total">
                {money(line.totalPaise)}
              </span>
              <span className="pos-cart__meta">{t('pos:cart.lineGst', { gst: money(line.gstPaise) })}</span>
            </div>
            <button
              type="button"
              className="btn btn--ghost btn--sm pos-cart__remove"
              onClick={() => dispatch({ type: 'remove', itemId: line.itemId })}
              aria-label={t('pos:cart.remove', { name: line.name })}
              data-testid="pos-remove"
            >
              {t('pos:cart.removeShort')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
