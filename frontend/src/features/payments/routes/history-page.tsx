import { PaymentCategory, PaymentMethod, PaymentStatus } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { WalletIcon } from '../../../components/icons/wallet';
import { Pagination } from '../../../components/pagination';
import { PaymentsTable } from '../../../components/payments-list';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import type { PaymentListParams } from '../../../lib/query-keys/payments';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { downloadPaymentsCsv, PAYMENTS_PAGE_SIZE, usePayments } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';

type Filters = Omit<PaymentListParams, 'page' | 'limit'>;
const SORTS = ['createdAt:desc', 'createdAt:asc', 'paidAt:desc', 'dueDate:asc', 'totalAmount:desc', 'totalAmount:asc', 'status:asc'] as const;

/** /dashboard/payments/history: every payment with filters, sorting, paging and CSV export; rows open the detail. */
export function HistoryPage() {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [filters, setFilters] = useState<Filters>({ sortBy: 'createdAt', sortOrder: 'desc' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => {
      setFilters((f) => ({ ...f, search: search.trim() || undefined }));
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [search]);
  const dateError = Boolean(filters.startDate && filters.endDate && filters.endDate < filters.startDate);
  const query = usePayments({ ...filters, page, limit: PAYMENTS_PAGE_SIZE }, !dateError);
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { sortBy: _s, sortOrder: _o, ...rest } = filters;
      await downloadPaymentsCsv(rest);
    } catch (err) {
      toast.error(describe(err, { fallback: t('payments:reports.exportFailed') }));
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (dateError)
    body = (
      <p className="field__error pay-pad" role="alert">
        {t('payments:analytics.customError')}
      </p>
    );
  else if (query.isPending) body = <LoadingState title={t('payments:history.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('payments:history.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.data.length === 0) body = <EmptyState icon={<WalletIcon size={28} />} title={t('payments:history.empty')} />;
  else
    body = (
      <>
        <p className="text-muted pay-pad" data-testid="history-summary">
          {t('payments:history.summary', {
            count: query.data.totalCount,
            completed: formatRupees2(query.data.summary.completedAmount),
            pending: formatRupees2(query.data.summary.pendingAmount),
          })}
        </p>
        <PaymentsTable payments={query.data.data} busy={query.isFetching} person="any" linkToDetail />
        <Pagination page={page} totalPages={query.data.pagination.totalPages} onChange={setPage} disabled={query.isFetching} />
      </>
    );

  return (
    <PaymentsPage
      title={t('payments:history.title')}
      subtitle={t('payments:history.subtitle')}
      testId="history-page"
      actions={
        <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="export-csv">
          {exporting ? t('payments:reports.exporting') : t('payments:reports.export')}
        </button>
      }
    >
      <section className="card pay-toolbar pay-filters" aria-label={t('payments:filters.label')}>
        <label className="field pay-filters__search">
          <span className="field__label">{t('payments:filters.search')}</span>
          <input
            type="search"
            className="input"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('payments:filters.searchPlaceholder')}
            data-testid="history-search"
          />
        </label>
        <label className="field">
          <span className="field__label">{t('payments:table.status')}</span>
          <select
            className="input select"
            value={filters.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as Filters['status'] })}
            data-testid="filter-status"
          >
            <option value="">{t('payments:filters.all')}</option>
            {PaymentStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`payments:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('payments:create.category')}</span>
          <select
            className="input select"
            value={filters.category ?? ''}
            onChange={(e) => set({ category: (e.target.value || undefined) as Filters['category'] })}
          >
            <option value="">{t('payments:filters.all')}</option>
            {PaymentCategory.options.map((c) => (
              <option key={c} value={c}>
                {t(`payments:categories.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('payments:table.method')}</span>
          <select className="input select" value={filters.method ?? ''} onChange={(e) => set({ method: (e.target.value || undefined) as Filters['method'] })}>
            <option value="">{t('payments:filters.all')}</option>
            {PaymentMethod.options.map((m) => (
              <option key={m} value={m}>
                {t(`payments:methods.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('payments:filters.from')}</span>
          <input type="date" className="input" value={filters.startDate ?? ''} onChange={(e) => set({ startDate: e.target.value || undefined })} />
        </label>
        <label className="field">
          <span className="field__label">{t('payments:filters.to')}</span>
          <input type="date" className="input" value={filters.endDate ?? ''} onChange={(e) => set({ endDate: e.target.value || undefined })} />
        </label>
        <label className="field">
          <span className="field__label">{t('payments:filters.sort')}</span>
          <select
            className="input select"
            value={`${filters.sortBy ?? 'createdAt'}:${filters.sortOrder ?? 'desc'}`}
            onChange={(e) => {
              const [sortBy, sortOrder] = e.target.value.split(':') as [Filters['sortBy'], Filters['sortOrder']];
              set({ sortBy, sortOrder });
            }}
            data-testid="filter-sort"
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`payments:filters.sorts.${s.replace(':', '_')}` as 'payments:filters.sorts.createdAt_desc')}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="card card--flush">{body}</section>
    </PaymentsPage>
  );
}
