import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { CalendarCheckIcon } from './icons/calendar-check';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { ALL_NS } from '../locales/resources';
import { useMemberHistory } from '../lib/shared-queries/member-visits';
import { AttendanceTable } from './attendance-table';

/** A member's visits (GET /attendance/member/:id), for the member detail's Attendance tab. */
export function MemberVisits({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [page, setPage] = useState(1);
  const visits = useMemberHistory(memberId, page);
  if (visits.isError)
    return <ErrorState error={visits.error} title={t('attendance:memberTab.errorTitle')} onRetry={() => void visits.refetch()} retrying={visits.isFetching} />;
  if (visits.isPending) return <Spinner />;
  if (visits.data.data.length === 0) return <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('attendance:memberTab.empty')} />;
  return (
    <div data-testid="member-visits">
      <AttendanceTable rows={visits.data.data} lang={i18n.language} showPerson={false} busy={visits.isFetching} />
      <Pagination page={page} totalPages={visits.data.pagination.pages} onChange={setPage} disabled={visits.isFetching} />
    </div>
  );
}
