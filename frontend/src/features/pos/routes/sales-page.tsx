import { SalePaymentMethod, SaleStatus, type PosSale } from '@akhada/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CartIcon } from '../../../components/icons/cart';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { LoadingState, Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { downloadInvoice } from '../../../lib/shared-queries/payments';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { downloadSalesCsv, SALES_PAGE_SIZE, useSalesList, type SalesParams } from '../api/sales-api';
import '../pos.css';
import { locationOptions } from '../../../components/location-select';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined =>
  v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters as the address holds them (?from=&to=&status=&paymentMethod=&buyerKind=&locationId=&search=&page=). */
export function salesParamsFromSearch(sp: URLSearchParams): SalesParams {
  const page = Number(sp.get('page'));
  const day = (k: string) => (DAY.test(sp.get(k) ?? '') ? (sp.get(k) as string) : undefined);
  return {
    from: day('from'),
    to: day('to'),
    status: pick(SaleStatus.options, sp.get('status')),
    paymentMethod: pick(SalePaymentMethod.options, sp.get('paymentMethod')),
    buyerKind: pick(['member', 'walk_in'] as const, sp.get('buyerKind')),
    locationId: /^[0-9a-f-]{36}$/i.test(sp.get('locationId') ?? '') ? (sp.get('locationId') as string) : undefined,
    search: sp.get('search')?.trim().slice(0, 100) || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: SALES_PAGE_SIZE,
  };
}

const STATUS_TONE: Record<PosSale['status'], string> = { completed: 'badge--success', awaiting_payment: 'badge--priority-high', cancelled: 'badge--neutral' };

function StatusBadge({ status }: { status: PosSale['status'] }) {
  const { t } = useTranslation(ALL_NS);
  return <span className={`badge ${STATUS_TONE[status]}`}>{t(`pos:sales.status.${status}`)}</span>;
}

function BuyerName({ sale }: { sale: PosSale }) {
  const { t } = useTranslation(ALL_NS);
  if (sale.buyer.name) return <>{sale.buyer.name}</>;
  return <>{sale.buyer.kind === 'walk_in' ? t('pos:buyer.walk_in') : t('pos:buyer.member')}</>;
}

/** One sale: lines with HSN and GST, totals, the payment and the tax invoice (its number and PDF once issued). */
function SaleDetail({ sale, onClose }: { sale: PosSale | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [downloading, setDownloading] = useState(false);
  if (!sale) return null;
  const download = (invoiceId: string, number: string) => {
    setDownloading(true);
    downloadInvoice(invoiceId, number, i18n.language === 'hi' ? 'hi' : 'en')
      .catch((e: unknown) => toast.error(describe(e)))
      .finally(() => setDownloading(false));
  };
  return (
    <Modal open onClose={onClose} title={t('pos:sales.detailTitle')} description={formatDateTime(sale.createdAt, i18n.language)} size="lg" testId="sale-detail">
      <dl className="pos-sale-facts">
        <div>
          <dt>{t('pos:sales.table.buyer')}</dt>
          <dd>
            <BuyerName sale={sale} />
            {sale.buyer.phone ? ` · ${sale.buyer.phone}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('pos:sales.table.status')}</dt>
          <dd>
            <StatusBadge status={sale.status} />
          </dd>
        </div>
        <div>
          <dt>{t('pos:sales.table.method')}</dt>
          <dd>{t(`pos:methods.${sale.paymentMethod}`)}</dd>
        </div>
        <div>
          <dt>{t('pos:sales.soldBy')}</dt>
          <dd>{sale.soldBy.name}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table pos-sale-lines">
          <caption className="visually-hidden">{t('pos:sales.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pos:sales.lines.item')}</th>
              <th scope="col" className="pos-num">
                {t('pos:sales.lines.quantity')}
              </th>
              <th scope="col" className="pos-num">
                {t('pos:sales.lines.taxable')}
              </th>
              <th scope="col" className="pos-num">
                {t('pos:sales.lines.gst')}
              </th>
              <th scope="col" className="pos-num">
                {t('pos:sales.lines.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((l) => (
              <tr key={l.itemId}>
                <td>
                  <span className="cell-strong">{l.name}</span>
                  <div className="cell-sub text-muted">{t('pos:sales.lines.hsn', { hsn: l.hsn, rate: l.gstRate })}</div>
                </td>
                <td className="pos-num">{formatNumber(l.quantity)}</td>
                <td className="pos-num">{formatRupees2(l.taxable)}</td>
                <td className="pos-num">{formatRupees2(l.gst)}</td>
                <td className="pos-num">{formatRupees2(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="pos-sale-totals" data-testid="sale-detail-totals">
        {sale.totals.discount > 0 ? (
          <div>
            <dt>{t('pos:totals.discount')}</dt>
            <dd>−{formatRupees2(sale.totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('pos:totals.taxable')}</dt>
          <dd>{formatRupees2(sale.totals.taxable)}</dd>
        </div>
        <div>
          <dt>{t('pos:totals.gst')}</dt>
          <dd>{formatRupees2(sale.totals.gst)}</dd>
        </div>
        <div className="pos-sale-totals__grand">
          <dt>{t('pos:totals.total')}</dt>
          <dd>{formatRupees2(sale.totals.total)}</dd>
        </div>
      </dl>
      {sale.invoice ? (
        <div className="pos-invoice pos-invoice--ready">
          <p>
            {t('pos:invoice.issued')} <strong data-testid="sale-detail-invoice">{sale.invoice.number}</strong>
          </p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => download(sale.invoice!.invoiceId, sale.invoice!.number)}
            disabled={downloading}
            data-testid="sale-detail-download"
          >
            {downloading ? <Spinner size="sm" /> : null}
            {downloading ? t('pos:invoice.downloading') : t('pos:invoice.download')}
          </button>
        </div>
      ) : (
        <p className="text-muted">
          {sale.status === 'cancelled'
            ? t('pos:invoice.cancelled')
            : sale.status === 'awaiting_payment'
              ? t('pos:invoice.awaitingPayment')
              : t('pos:sales.invoicePending')}
        </p>
      )}
      <Link to={`/dashboard/pos/receipt/${sale._id}`} className="link">
        {t('pos:sales.openReceipt')}
      </Link>
    </Modal>
  );
}

/** /dashboard/pos/sales: the sales of the caller's locations with filters (in the address), totals, paging, CSV. */
export function SalesPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const ids = useId();
  useDocumentTitle(t('pos:sales.title'));
  const [sp, setSp] = useSearchParams();
  const params = salesParamsFromSearch(sp);
  const [search, setSearch] = useState(params.search ?? '');
  const [open, setOpen] = useState<PosSale | null>(null);
  const [exporting, setExporting] = useState(false);
  const q = useSalesList(params);

  const setParam = (key: string, value: string | undefined) =>
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
  useEffect(() => {
    const id = setTimeout(() => {
      if ((search.trim() || undefined) !== params.search) setParam('search', search.trim() || undefined);
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the debounce
  }, [search]);
  const filtered = Boolean(params.from || params.to || params.status || params.paymentMethod || params.buyerKind || params.locationId || params.search);

  const exportCsv = () => {
    setExporting(true);
    downloadSalesCsv(params)
      .catch((e: unknown) => toast.error(describe(e)))
      .finally(() => setExporting(false));
  };

  const select = (key: string, label: string, value: string | undefined, options: readonly { value: string; label: string }[]) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input select" value={value ?? ''} onChange={(e) => setParam(key, e.target.value || undefined)} data-testid={`sales-filter-${key}`}>
        <option value="">{t('pos:sales.filters.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  const date = (key: 'from' | 'to') => (
    <label className="field">
      <span className="field__label">{t(`pos:sales.filters.${key}`)}</span>
      <input
        type="date"
        className="input"
        value={params[key] ?? ''}
        onChange={(e) => setParam(key, e.target.value || undefined)}
        data-testid={`sales-filter-${key}`}
      />
    </label>
  );

  let body;
  if (q.isPending) body = <LoadingState title={t('pos:sales.loading')} />;
  else if (q.isError) body = <ErrorState error={q.error} title={t('pos:sales.error')} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else {
    const s = q.data.summary;
    body = (
      <>
        <ul className="pos-sales-summary" aria-live="polite" data-testid="sales-summary">
          <li className="card">
            <span className="text-muted">{t('pos:sales.summary.count')}</span>
            <strong data-testid="sales-summary-count">{formatNumber(s.count)}</strong>
            <span className="text-muted">{t('pos:sales.summary.completed', { count: s.completed.count })}</span>
          </li>
          <li className="card">
            <span className="text-muted">{t('pos:sales.summary.amount')}</span>
            <strong data-testid="sales-summary-amount">{formatRupees2(s.completed.total)}</strong>
          </li>
          <li className="card">
            <span className="text-muted">{t('pos:sales.summary.gst')}</span>
            <strong data-testid="sales-summary-gst">{formatRupees2(s.completed.gst)}</strong>
          </li>
        </ul>
        {q.data.data.length === 0 ? (
          <EmptyState
            icon={<CartIcon size={28} />}
            title={filtered ? t('pos:sales.noMatch') : t('pos:sales.empty')}
            hint={filtered ? undefined : t('pos:sales.emptyHint')}
            action={
              filtered ? (
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => {
                    setSearch('');
                    setSp(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('pos:sales.resetFilters')}
                </button>
              ) : (
                <Link to="/dashboard/pos" className="btn btn--primary">
                  {t('pos:sales.toCounter')}
                </Link>
              )
            }
          />
        ) : (
          <>
            <div className="table-wrap">
              <table className="table pos-sales-table" aria-busy={q.isFetching || undefined} data-testid="sales-table">
                <caption className="visually-hidden">{t('pos:sales.caption', { count: q.data.totalCount })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('pos:sales.table.date')}</th>
                    <th scope="col">{t('pos:sales.table.buyer')}</th>
                    <th scope="col">{t('pos:sales.table.status')}</th>
                    <th scope="col">{t('pos:sales.table.method')}</th>
                    <th scope="col">{t('pos:sales.table.invoice')}</th>
                    <th scope="col" className="pos-num">
                      {t('pos:sales.table.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.data.map((sale) => (
                    <tr key={sale._id} data-testid="sales-row">
                      <td data-label={t('pos:sales.table.date')}>
                        <button type="button" className="btn btn--link pos-sales-open" onClick={() => setOpen(sale)} data-testid="sales-open">
                          {formatDateTime(sale.createdAt, i18n.language)}
                        </button>
                        <div className="cell-sub text-muted">{t('pos:sales.itemsCount', { count: sale.lines.reduce((n, l) => n + l.quantity, 0) })}</div>
                      </td>
                      <td data-label={t('pos:sales.table.buyer')}>
                        <BuyerName sale={sale} />
                      </td>
                      <td data-label={t('pos:sales.table.status')}>
                        <StatusBadge status={sale.status} />
                      </td>
                      <td data-label={t('pos:sales.table.method')}>{t(`pos:methods.${sale.paymentMethod}`)}</td>
                      <td data-label={t('pos:sales.table.invoice')} data-testid="sales-row-invoice">
                        {sale.invoice?.number ?? '—'}
                      </td>
                      <td data-label={t('pos:sales.table.total')} className="pos-num">
                        {formatRupees2(sale.totals.total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={params.page} totalPages={q.data.pagination.totalPages} onChange={(p) => setParam('page', String(p))} disabled={q.isFetching} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="page pos-sales" data-testid="sales-page">
      <Link to="/dashboard/pos" className="back-link">
        ← {t('pos:sales.backToCounter')}
      </Link>
      <PageHeader
        title={t('pos:sales.title')}
        subtitle={t('pos:sales.subtitle')}
        actions={
          <button type="button" className="btn btn--secondary" onClick={exportCsv} disabled={exporting} data-testid="sales-export">
            {exporting ? <Spinner size="sm" /> : null}
            {t('pos:sales.exportCsv')}
          </button>
        }
      />
      <section className="card pos-sales-filters" aria-label={t('pos:sales.filters.label')}>
        <label className="field pos-sales-filters__search" htmlFor={`${ids}-search`}>
          <span className="field__label">{t('pos:sales.filters.search')}</span>
          <input
            id={`${ids}-search`}
            type="search"
            className="input"
            value={search}
            maxLength={100}
            placeholder={t('pos:sales.filters.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="sales-search"
          />
        </label>
        {date('from')}
        {date('to')}
        {select(
          'status',
          t('pos:sales.filters.status'),
          params.status,
          SaleStatus.options.map((v) => ({ value: v, label: t(`pos:sales.status.${v}`) })),
        )}
        {select(
          'paymentMethod',
          t('pos:sales.filters.method'),
          params.paymentMethod,
          SalePaymentMethod.options.map((v) => ({ value: v, label: t(`pos:methods.${v}`) })),
        )}
        {select(
          'buyerKind',
          t('pos:sales.filters.buyer'),
          params.buyerKind,
          (['member', 'walk_in'] as const).map((v) => ({ value: v, label: t(`pos:buyer.${v}`) })),
        )}
        {user.locations.length > 1 ? select('locationId', t('pos:location'), params.locationId, locationOptions(user.locations)) : null}
      </section>
      {body}
      <SaleDetail sale={open} onClose={() => setOpen(null)} />
    </div>
  );
}
