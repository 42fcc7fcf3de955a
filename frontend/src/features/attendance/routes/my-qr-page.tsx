import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QrImage } from '../../../components/qr-image';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/auth/session';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { AttendanceTable } from '../../../components/attendance-table';
import { useMemberHistory } from '../../../lib/shared-queries/member-visits';
import { myQrQueryOptions, useStreaks } from '../api/attendance-api';
import '../attendance.css';

/** The code is fetched again this long before it expires (it is valid 24 hours). */
const REFRESH_BEFORE_MS = 10 * 60 * 1000;

/** /dashboard/me/qr: the member's own QR code, their streak and their visits. */
export function MyQrPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('attendance:me.pageTitle'));
  const { user } = useSession();
  const memberId = user?._id ?? '';
  const qr = useQuery({
    ...myQrQueryOptions(),
    refetchInterval: (q) => {
      const expires = q.state.data ? Date.parse(q.state.data.expiresAt) : NaN;
      return Number.isFinite(expires) ? Math.max(30_000, expires - Date.now() - REFRESH_BEFORE_MS) : false;
    },
  });
  const streaks = useStreaks(memberId);
  const [page, setPage] = useState(1);
  const visits = useMemberHistory(memberId, page, Boolean(memberId));

  return (
    <div className="page att">
      <PageHeader title={t('attendance:me.title')} subtitle={t('attendance:me.subtitle')} />
      <div className="att-grid">
        <section className="card att-panel att-qr-panel" aria-label={t('attendance:me.title')}>
          {qr.isError ? (
            <ErrorState error={qr.error} title={t('attendance:me.errorTitle')} onRetry={() => void qr.refetch()} retrying={qr.isFetching} />
          ) : qr.isPending ? (
            <Spinner label={t('attendance:me.loading')} />
          ) : (
            <>
              <QrImage text={qr.data.qrCode} alt={t('attendance:me.qrAlt')} className="att-qr" testId="my-qr" />
              <p className="text-muted">{t('attendance:me.validUntil', { time: formatDateTime(qr.data.expiresAt, i18n.language) })}</p>
            </>
          )}
        </section>
        <section className="card att-panel" aria-label={t('attendance:me.streak')}>
          {streaks.isError ? (
            <ErrorState error={streaks.error} onRetry={() => void streaks.refetch()} retrying={streaks.isFetching} />
          ) : streaks.isPending ? (
            <Spinner />
          ) : (
            <dl className="facts">
              <div>
                <dt>{t('attendance:me.streak')}</dt>
                <dd data-testid="current-streak">{t('attendance:me.days', { count: streaks.data.currentStreak })}</dd>
              </div>
              <div>
                <dt>{t('attendance:me.longest')}</dt>
                <dd>{t('attendance:me.days', { count: streaks.data.longestStreak })}</dd>
              </div>
            </dl>
          )}
        </section>
      </div>
      <section className="card card--flush" aria-labelledby="att-my-visits">
        <h2 id="att-my-visits" className="card__title card__title--padded">
          {t('attendance:me.visits')}
        </h2>
        {visits.isError ? (
          <ErrorState error={visits.error} onRetry={() => void visits.refetch()} retrying={visits.isFetching} />
        ) : visits.isPending ? (
          <Spinner />
        ) : visits.data.data.length === 0 ? (
          <p className="text-muted att-pad">{t('attendance:me.noVisits')}</p>
        ) : (
          <AttendanceTable rows={visits.data.data} lang={i18n.language} showPerson={false} busy={visits.isFetching} />
        )}
        <Pagination page={page} totalPages={visits.data?.pagination.pages ?? 0} onChange={setPage} disabled={visits.isFetching} />
      </section>
    </div>
  );
}
