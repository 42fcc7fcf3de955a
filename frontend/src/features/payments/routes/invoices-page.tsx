import type { Invoice } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasReferralCredit, ReferralCreditLine } from '../../../components/referral-credit';
import { formatRupees2 } from '../../../lib/money';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ReceiptIcon } from '../../../components/icons/receipt';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { downloadInvoice } from '../../../lib/shared-queries/payments';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useInvoices, useSendInvoice } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';

/** Download an invoice's PDF (English, or English and Hindi when the UI is Hindi). */
export function useInvoiceDownload() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (inv: Pick<Invoice, '_id' | 'number'>) => {
    setBusy(inv._id);
    try {
      await downloadInvoice(inv._id, inv.number, i18n.language === 'hi' ? 'hi' : 'en');
    } catch (e) {
      toast.error(describe(e, { fallback: t('payments:invoices.downloadFailed') }));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}

/** The invoices table: number, kind, date, recipient, tax and total; download and (staff) send by email. */
export function InvoicesTable({ invoices, busy, canSend }: { invoices: Invoice[]; busy?: boolean; canSend: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const { download, busy: downloading } = useInvoiceDownload();
  const send = useSendInvoice();
  const onSend = (inv: Invoice) =>
    send.mutate(
      { id: inv._id },
      {
        onSuccess: (r) => toast.success(r.message || t('payments:invoices.sent', { number: inv.number })),
        onError: (e) => toast.error(describe(e, { fallback: t('payments:invoices.sendFailed') })),
      },
    );
  return (
    <div className="table-wrap">
      <table className="table pay-table" data-testid="invoices-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('payments:invoices.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payments:invoices.number')}</th>
            <th scope="col">{t('payments:table.date')}</th>
            <th scope="col">{t('payments:invoices.recipient')}</th>
            <th scope="col" className="pay-num">
              {t('payments:invoices.tax')}
            </th>
            <th scope="col" className="pay-num">
              {t('payments:table.amount')}
            </th>
            <th scope="col" className="table__actions-head">
              {t('payments:table.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((inv) => (
            <tr key={inv._id} data-testid="invoice-row">
              <td data-label={t('payments:invoices.number')}>
                <span className="cell-stack">
                  <span className="cell-strong pay-mono" data-testid="invoice-number">
                    {inv.number}
                  </span>
                  <span className="cell-sub">{t(`payments:invoices.kinds.${inv.kind}`)}</span>
                </span>
              </td>
              <td data-label={t('payments:table.date')}>{formatDate(inv.issueDate, i18n.language)}</td>
              <td data-label={t('payments:invoices.recipient')}>{inv.recipient.name}</td>
              <td data-label={t('payments:invoices.tax')} className="pay-num">
                {formatRupees2(inv.totalTax)}
              </td>
              <td data-label={t('payments:table.amount')} className="pay-num" data-testid="invoice-amount">
                {hasReferralCredit(inv.referralCredit) ? (
                  <span className="cell-stack">
                    <span>{formatRupees2(inv.totalAmount)}</span>
                    <ReferralCreditLine credit={inv.referralCredit} testId="invoice-referral-credit" />
                  </span>
                ) : (
                  formatRupees2(inv.totalAmount)
                )}
              </td>
              <td className="table__actions">
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  onClick={() => void download(inv)}
                  disabled={downloading === inv._id}
                  data-testid="invoice-download"
                >
                  {t('payments:invoices.download')}
                </button>
                {canSend ? (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => onSend(inv)} disabled={send.isPending} data-testid="invoice-send">
                    {t('payments:invoices.send')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dashboard/payments/invoices: Invoices & Receipts with search, paging, download and send. */
export function InvoicesPage() {
  const { t } = useTranslation(ALL_NS);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const id = setTimeout(() => {
      setDebounced(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [search]);
  const query = useInvoices({ search: debounced || undefined, page });

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:invoices.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('payments:invoices.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.data.length === 0)
    body = (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title={debounced ? t('payments:invoices.noMatch') : t('payments:invoices.empty')}
        hint={t('payments:invoices.emptyHint')}
      />
    );
  else
    body = (
      <>
        <InvoicesTable invoices={query.data.data} busy={query.isFetching} canSend />
        <Pagination page={page} totalPages={query.data.pagination.totalPages} onChange={setPage} disabled={query.isFetching} />
      </>
    );

  return (
    <PaymentsPage title={t('payments:invoices.title')} subtitle={t('payments:invoices.subtitle')} testId="invoices-page">
      <section className="card pay-toolbar">
        <label className="field">
          <span className="field__label">{t('payments:filters.search')}</span>
          <input
            type="search"
            className="input"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('payments:invoices.searchPlaceholder')}
            data-testid="invoice-search"
          />
        </label>
      </section>
      <section className="card card--flush">{body}</section>
    </PaymentsPage>
  );
}
