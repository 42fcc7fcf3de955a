import type { Attendance } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { AttendanceTable } from '../../../components/attendance-table';
import type { AttendanceListParams } from '../../../lib/query-keys/attendance';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { ATTENDANCE_PAGE_SIZE, downloadExport, useAttendanceList } from '../api/attendance-api';
import { rangeOf, type RangeKind } from '../lib/ranges';
import '../attendance.css';

const STATUSES = ['active', 'completed', 'late'] as const;
type Status = (typeof STATUSES)[number];
const RANGES: RangeKind[] = ['today', 'weekly', 'monthly'];
const SEARCH_DELAY_MS = 300;

/** The filters a dashboard card opens the page with (?filter=today|present|weekly|monthly). */
function initialFilters(filter: string | null): Pick<AttendanceListParams, 'status' | 'startDate' | 'endDate'> {
  if (filter === 'present') return { status: 'active', ...rangeOf('today') };
  if (filter === 'today' || filter === 'weekly' || filter === 'monthly') return rangeOf(filter);
  return {};
}

/** /dashboard/attendance/manage: every record, filtered and paged, with report ranges and a CSV export. */
export function AttendanceManagePage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('attendance:manage.pageTitle'));
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AttendanceListParams>(() => ({
    page: 1,
    limit: ATTENDANCE_PAGE_SIZE,
    type: 'member',
    ...initialFilters(params.get('filter')),
  }));
  const [reports, setReports] = useState(params.get('reports') === '1');
  const list = useAttendanceList(filters);
  const set = (patch: Partial<AttendanceListParams>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  // The search is sent once typing pauses, not on every key.
  const [searchText, setSearchText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim() || undefined;
      setFilters((f) => (f.search === search ? f : { ...f, search, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const exportCsv = () => {
    downloadExport({ type: filters.type, startDate: filters.startDate, endDate: filters.endDate }).catch((err: unknown) => {
      // Spec part 2 §8: export failures are only logged.
      console.error('[attendance] export failed', err);
    });
  };

  const rows: Attendance[] = list.data?.data ?? [];
  const pages = list.data?.pagination.pages ?? 0;

  return (
    <div className="page att">
      <Link to="/dashboard/attendance" className="back-link">
        {t('attendance:manage.back')}
      </Link>
      <PageHeader
        title={t('attendance:manage.title')}
        subtitle={t('attendance:manage.subtitle')}
        actions={
          <>
            <button type="button" className="btn btn--secondary" aria-expanded={reports} onClick={() => setReports((r) => !r)} data-testid="toggle-reports">
              {reports ? t('attendance:manage.hideReports') : t('attendance:manage.showReports')}
            </button>
            <button type="button" className="btn btn--primary" onClick={exportCsv} data-testid="export">
              {t('attendance:manage.export')}
            </button>
          </>
        }
      />
      {reports ? (
        <div className="card att-reports" role="group" aria-label={t('attendance:manage.reportsLabel')}>
          {RANGES.map((r) => (
            <button key={r} type="button" className="btn btn--secondary btn--sm" onClick={() => set(rangeOf(r))} data-testid={`report-${r}`}>
              {t(`attendance:manage.${r}`)}
            </button>
          ))}
        </div>
      ) : null}

      <form className="card att-filters" aria-label={t('attendance:manage.filters.label')} role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span className="field__label">{t('attendance:manage.filters.type')}</span>
          <select className="input select" value={filters.type} onChange={(e) => set({ type: e.target.value === 'trainer' ? 'trainer' : 'member' })}>
            <option value="member">{t('attendance:types.member')}</option>
            <option value="trainer">{t('attendance:types.trainer')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('attendance:manage.filters.status')}</span>
          <select
            className="input select"
            value={filters.status ?? ''}
            onChange={(e) => set({ status: STATUSES.includes(e.target.value as Status) ? (e.target.value as Status) : undefined })}
          >
            <option value="">{t('attendance:manage.filters.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`attendance:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('attendance:manage.filters.startDate')}</span>
          <input type="date" className="input" value={filters.startDate ?? ''} onChange={(e) => set({ startDate: e.target.value || undefined })} />
        </label>
        <label className="field">
          <span className="field__label">{t('attendance:manage.filters.endDate')}</span>
          <input type="date" className="input" value={filters.endDate ?? ''} onChange={(e) => set({ endDate: e.target.value || undefined })} />
        </label>
        <label className="field att-filters__search">
          <span className="field__label">{t('attendance:manage.filters.search')}</span>
          <input
            type="search"
            data-testid="attendance-search"
            className="input"
            placeholder={t('attendance:manage.filters.searchPlaceholder')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
      </form>

      <section className="card card--flush">
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.isPending ? (
          <div className="state">
            <Spinner label={t('attendance:manage.loading')} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('attendance:manage.empty')} hint={t('attendance:manage.emptyHint')} />
        ) : (
          <AttendanceTable rows={rows} busy={list.isFetching} lang={i18n.language} />
        )}
        <Pagination page={filters.page} totalPages={pages} onChange={(page) => set({ page })} disabled={list.isFetching} />
      </section>
    </div>
  );
}
