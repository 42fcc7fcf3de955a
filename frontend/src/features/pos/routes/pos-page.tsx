import { PosSaleBody, type InventoryItem } from '@akhada/contracts';
import { useDeferredValue, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { Form } from '../../../components/form/form';
import { i18nRef } from '../../../components/form/field-message';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { formatRupees2 } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { findByCode, useCreateSale } from '../api/pos-api';
import { CartTable } from '../components/cart-table';
import { CodeEntry } from '../components/code-entry';
import { ItemResults } from '../components/item-results';
import { MemberPicker } from '../components/member-picker';
import { cartReducer, paiseToRupees, priceCart, rupeesToPaise } from '../lib/cart';
import { useKeyboardWedge } from '../lib/use-keyboard-wedge';
import '../pos.css';
import { LocationSelect } from '../../../components/location-select';

export const POS_METHODS = ['cash', 'upi', 'card', 'razorpay'] as const;

interface CheckoutForm {
  buyer: { kind: 'member' | 'walk_in'; memberId: string; name: string; phone: string };
  discount: string;
  paymentMethod: (typeof POS_METHODS)[number];
}

/** What the form and the cart make into POST /pos/sales (the saleId is the checkout's own, kept across retries). */
export function toSaleBody(v: CheckoutForm, ctx: { saleId: string; locationId: string; lines: { itemId: string; quantity: number }[] }) {
  return {
    saleId: ctx.saleId,
    locationId: ctx.locationId,
    buyer:
      v.buyer.kind === 'member'
        ? { kind: 'member' as const, memberId: v.buyer.memberId }
        : { kind: 'walk_in' as const, name: optionalText(v.buyer.name), phone: optionalText(v.buyer.phone) },
    lines: ctx.lines,
    discount: rupeesFromInput(v.discount),
    paymentMethod: v.paymentMethod,
  };
}

/** A refusal the server is sure of (nothing was sold): the next attempt is a new checkout with a new saleId. */
const isDefiniteRefusal = (e: unknown) => e instanceof ApiError && ((e.kind === 'http' && e.status >= 400 && e.status < 500) || e.kind === 'validation');

/**
 * Point of Sale (owner/admin): scan or search items of the location, a cart with quantities within the stock, the
 * buyer, a discount and the payment method; totals priced line by line exactly as the invoice will be (saleTotalsOf).
 * Checkout sends one saleId per checkout — a retry after a lost answer sends the same one, so nothing sells twice.
 */
export function PosPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('pos:pageTitle'));
  const user = useUser();
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const { locationId: current } = useCurrentLocation(user);
  const [chosenLocation, setChosenLocation] = useState<string | null>(null);
  const locationId = chosenLocation ?? current ?? user.locations[0]?._id ?? '';
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string; kept: boolean } | null>(null);
  const [looking, setLooking] = useState(false);
  const saleId = useRef<string | null>(null);
  const createSale = useCreateSale();
  const ids = { search: useId(), location: useId(), totals: useId() };

  // The form's resolver is made once: it reads the cart, the location and the sale's value through these.
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const locationRef = useRef(locationId);
  locationRef.current = locationId;
  const grossRef = useRef(0);
  const form = useContractForm<CheckoutForm, typeof PosSaleBody>(PosSaleBody, {
    defaultValues: { buyer: { kind: 'walk_in', memberId: '', name: '', phone: '' }, discount: '', paymentMethod: 'cash' },
    toBody: (v) =>
      toSaleBody(v, {
        saleId: saleId.current ?? crypto.randomUUID(),
        locationId: locationRef.current,
        lines: cartRef.current.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      }),
    // The buyer is a union in the contract (its issues land on "buyer"): its fields are checked here, on their own paths.
    check: (v): Record<string, string> => {
      const issues: Record<string, string> = {};
      const d = rupeesFromInput(v.discount);
      if (d !== undefined && Number.isFinite(d) && rupeesToPaise(d) > grossRef.current) issues.discount = i18nRef('pos:checkout.discountTooBig');
      if (v.buyer.kind === 'member' && !v.buyer.memberId) issues['buyer.memberId'] = 'Choose a member';
      if (v.buyer.kind === 'walk_in' && v.buyer.phone.trim() !== '' && !/^\+?[0-9 -]{7,20}$/.test(v.buyer.phone.trim()))
        issues['buyer.phone'] = 'Enter a valid phone number';
      return issues;
    },
  });
  const buyerKind = form.watch('buyer.kind');
  const discountInput = rupeesFromInput(form.watch('discount'));
  const discountPaise = discountInput !== undefined && Number.isFinite(discountInput) && discountInput > 0 ? rupeesToPaise(discountInput) : 0;
  const priced = priceCart(cart, discountPaise);
  grossRef.current = priced.grossPaise;
  const money = (paise: number) => formatRupees2(paiseToRupees(paise));

  const add = (item: InventoryItem) => {
    setFailure(null);
    const inCart = cart.find((l) => l.itemId === item._id)?.quantity ?? 0;
    if (item.quantity === 0) setNotice({ tone: 'error', text: t('pos:scan.outOfStock', { name: item.name }) });
    else if (inCart >= item.quantity) setNotice({ tone: 'error', text: t('pos:scan.limit', { name: item.name, count: item.quantity }) });
    else setNotice({ tone: 'info', text: t('pos:scan.added', { name: item.name }) });
    dispatch({ type: 'add', item });
  };

  const onCode = (code: string) => {
    setLooking(true);
    findByCode(locationId, code)
      .then((item) => {
        if (!item) setNotice({ tone: 'error', text: t('pos:scan.notFound', { code }) });
        else add(item);
      })
      .catch((e: unknown) => setNotice({ tone: 'error', text: describe(e) }))
      .finally(() => setLooking(false));
  };
  useKeyboardWedge(onCode);

  const onSubmit = (body: PosSaleBody) => {
    if (cart.length === 0) return;
    saleId.current ??= body.saleId;
    setFailure(null);
    createSale.mutate(
      { ...body, saleId: saleId.current },
      {
        onSuccess: (sale) => {
          saleId.current = null;
          dispatch({ type: 'clear' });
          form.reset();
          void navigate(`/dashboard/pos/receipt/${sale._id}`);
        },
        onError: (e) => {
          const definite = isDefiniteRefusal(e);
          if (definite) saleId.current = null;
          const code = e instanceof ApiError ? e.code : null;
          setFailure({
            title:
              code === 'INSUFFICIENT_STOCK'
                ? t('pos:checkout.insufficient')
                : code === 'NOT_FOR_SALE'
                  ? t('pos:checkout.notForSale')
                  : definite
                    ? t('pos:checkout.refused')
                    : t('pos:checkout.unknown'),
            detail: describe(e),
            kept: !definite,
          });
        },
      },
    );
  };

  const changeLocation = (id: string) => {
    setChosenLocation(id);
    dispatch({ type: 'clear' });
    saleId.current = null;
  };

  return (
    <div className="page pos-page">
      <PageHeader
        title={t('pos:title')}
        subtitle={t('pos:subtitle')}
        actions={
          <>
            <Link to="/dashboard/pos/sales" className="btn btn--secondary" data-testid="pos-sales-link">
              {t('pos:sales.link')}
            </Link>
            {user.locations.length > 1 ? (
              <div className="field pos-location">
                <label className="field__label" htmlFor={ids.location}>
                  {t('pos:location')}
                </label>
                <LocationSelect id={ids.location} locations={user.locations} value={locationId} onChange={changeLocation} testId="pos-location" />
              </div>
            ) : null}
          </>
        }
      />
      <div className="pos-layout">
        <div className="pos-layout__items">
          <CodeEntry onCode={onCode} busy={looking} />
          <div className="pos-notice" aria-live="polite" data-testid="pos-notice">
            {notice ? <p className={`alert alert--${notice.tone === 'error' ? 'warning' : 'info'}`}>{notice.text}</p> : null}
          </div>
          <section className="card" aria-labelledby={`${ids.search}-title`}>
            <h2 className="pos-section-title" id={`${ids.search}-title`}>
              {t('pos:items.title')}
            </h2>
            <label className="visually-hidden" htmlFor={ids.search}>
              {t('pos:items.searchLabel')}
            </label>
            <input
              id={ids.search}
              type="search"
              className="input pos-search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('pos:items.searchPlaceholder')}
              maxLength={100}
              data-testid="pos-search"
            />
            {locationId ? (
              <ItemResults locationId={locationId} search={deferredSearch} inCart={(id) => cart.find((l) => l.itemId === id)?.quantity ?? 0} onAdd={add} />
            ) : (
              <EmptyState title={t('pos:noLocation')} />
            )}
          </section>
        </div>
        <section className="card pos-layout__cart" aria-labelledby="pos-cart-title">
          <h2 className="pos-section-title" id="pos-cart-title">
            {t('pos:cart.title')} {cart.length > 0 ? <span className="pos-count">({cart.reduce((n, l) => n + l.quantity, 0)})</span> : null}
          </h2>
          {cart.length === 0 ? (
            <EmptyState title={t('pos:cart.empty')} hint={t('pos:cart.emptyHint')} />
          ) : (
            <CartTable lines={priced.lines} dispatch={dispatch} />
          )}
          <Form form={form} onSubmit={onSubmit} busy={createSale.isPending} className="pos-checkout" testId="pos-checkout">
            <fieldset className="pos-fieldset">
              <legend className="field__label">{t('pos:buyer.title')}</legend>
              <div className="pos-segmented">
                {(['walk_in', 'member'] as const).map((kind) => (
                  <label key={kind} className="pos-segmented__option">
                    <input type="radio" value={kind} {...form.register('buyer.kind')} data-testid={`pos-buyer-${kind}`} />
                    <span>{t(`pos:buyer.${kind}`)}</span>
                  </label>
                ))}
              </div>
              {buyerKind === 'member' ? (
                <MemberPicker />
              ) : (
                <div className="pos-walkin">
                  <TextField name="buyer.name" label={t('pos:buyer.name')} optional autoComplete="off" maxLength={100} testId="pos-walkin-name" />
                  <PhoneField name="buyer.phone" label={t('pos:buyer.phone')} optional testId="pos-walkin-phone" />
                </div>
              )}
            </fieldset>
            <MoneyField name="discount" label={t('pos:checkout.discount')} optional hint={t('pos:checkout.discountHint')} testId="pos-discount" />
            <fieldset className="pos-fieldset">
              <legend className="field__label">{t('pos:checkout.method')}</legend>
              <div className="pos-segmented pos-segmented--four">
                {POS_METHODS.map((m) => (
                  <label key={m} className="pos-segmented__option">
                    <input type="radio" value={m} {...form.register('paymentMethod')} data-testid={`pos-method-${m}`} />
                    <span>{t(`pos:methods.${m}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <dl className="pos-totals" aria-live="polite" aria-atomic="true" id={ids.totals} data-testid="pos-totals">
              <div>
                <dt>{t('pos:totals.subtotal')}</dt>
                <dd data-testid="pos-subtotal">{money(priced.grossPaise)}</dd>
              </div>
              {priced.totals.discountPaise > 0 ? (
                <div>
                  <dt>{t('pos:totals.discount')}</dt>
                  <dd data-testid="pos-discount-total">−{money(priced.totals.discountPaise)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('pos:totals.taxable')}</dt>
                <dd data-testid="pos-taxable">{money(priced.totals.taxablePaise)}</dd>
              </div>
              <div>
                <dt>{t('pos:totals.gst')}</dt>
                <dd data-testid="pos-gst">{money(priced.totals.gstPaise)}</dd>
              </div>
              <div className="pos-totals__grand">
                <dt>{t('pos:totals.total')}</dt>
                <dd data-testid="pos-total">{money(priced.totals.totalPaise)}</dd>
              </div>
            </dl>
            {failure ? (
              <div className="alert alert--error" role="alert" data-testid="pos-checkout-error">
                <p className="pos-alert-title">{failure.title}</p>
                <p>{failure.detail}</p>
                {failure.kept ? <p>{t('pos:checkout.retrySafe')}</p> : null}
              </div>
            ) : null}
            <button
              type="submit"
              className="btn btn--primary btn--block pos-checkout__submit"
              disabled={cart.length === 0 || createSale.isPending}
              data-testid="pos-submit"
            >
              {createSale.isPending
                ? t('pos:checkout.working')
                : failure?.kept
                  ? t('pos:checkout.retry', { total: money(priced.totals.totalPaise) })
                  : t('pos:checkout.submit', { total: money(priced.totals.totalPaise) })}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
