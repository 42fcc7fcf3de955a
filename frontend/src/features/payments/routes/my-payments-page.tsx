import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { ReceiptIcon } from '../../../components/icons/receipt';
import { WalletIcon } from '../../../components/icons/wallet';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { PayOnlineButton } from '../../../components/pay-online-button';
import { PaymentsTable } from '../../../components/payments-list';
import { LoadingState } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { PAYMENTS_PAGE_SIZE, useInvoices, usePayments } from '../api/payments-api';
import { AutopayCard } from '../components/autopay-card';
import { InvoicesTable } from './invoices-page';
import '../../../components/payments-list.css';
import '../payments.css';

/** /dashboard/me/payments: a member's own payments (Pay now for a pending one) and invoices. */
export function MyPaymentsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('payments:mine.title'));
  const [page, setPage] = useState(1);
  const [invoicePage, setInvoicePage] = useState(1);
  const payments = usePayments({ page, limit: PAYMENTS_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc' });
  const invoices = useInvoices({ page: invoicePage });

  let list;
  if (payments.isPending) list = <LoadingState title={t('payments:person.loading')} />;
  else if (payments.isError)
    list = <ErrorState error={payments.error} title={t('payments:person.error')} onRetry={() => void payments.refetch()} retrying={payments.isFetching} />;
  else if (payments.data.data.length === 0) list = <EmptyState icon={<WalletIcon size={28} />} title={t('payments:person.empty')} />;
  else
    list = (
      <>
        <p className="pay-pad">{t('payments:mine.pending', { amount: formatRupees2(payments.data.summary.pendingAmount) })}</p>
        <PaymentsTable
          payments={payments.data.data}
          busy={payments.isFetching}
          actions={(p) =>
            p.status === 'pending' ? <PayOnlineButton payment={p} label={t('payments:online.payNow')} className="btn btn--primary btn--sm" /> : null
          }
        />
        <Pagination page={page} totalPages={payments.data.pagination.totalPages} onChange={setPage} disabled={payments.isFetching} />
      </>
    );

  let invoiceList;
  if (invoices.isPending) invoiceList = <LoadingState title={t('payments:invoices.loading')} />;
  else if (invoices.isError)
    invoiceList = (
      <ErrorState error={invoices.error} title={t('payments:invoices.error')} onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />
    );
  else if (invoices.data.data.length === 0) invoiceList = <EmptyState icon={<ReceiptIcon size={28} />} title={t('payments:invoices.empty')} />;
  else
    invoiceList = (
      <>
        <InvoicesTable invoices={invoices.data.data} busy={invoices.isFetching} canSend={false} />
        <Pagination page={invoicePage} totalPages={invoices.data.pagination.totalPages} onChange={setInvoicePage} disabled={invoices.isFetching} />
      </>
    );

  return (
    <div className="page pay" data-testid="my-payments-page">
      <PageHeader title={t('payments:mine.title')} subtitle={t('payments:mine.subtitle')} />
      <AutopayCard />
      <section className="card card--flush" aria-labelledby="my-pay">
        <h2 id="my-pay" className="card__title card__title--padded">
          {t('payments:mine.payments')}
        </h2>
        {list}
      </section>
      <section className="card card--flush" aria-labelledby="my-inv">
        <h2 id="my-inv" className="card__title card__title--padded">
          {t('payments:invoices.title')}
        </h2>
        {invoiceList}
      </section>
    </div>
  );
}
