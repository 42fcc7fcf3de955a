import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { useAutopayReport } from '../api/autopay-api';

/**
 * Staff's autopay report (issue 28): the charges due in the next 30 days, by date, with their total; and the autopays
 * whose charge failed (Razorpay retrying, or halted after its retries), the latest failure first.
 */
export function AutopayReport() {
  const { t, i18n } = useTranslation(ALL_NS);
  const report = useAutopayReport(30);
  const date = (d: string) => formatDate(d, i18n.language);

  if (report.isPending) return <LoadingState title={t('payments:autopay.report.loading')} />;
  if (report.isError)
    return <ErrorState error={report.error} title={t('payments:autopay.report.error')} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
  const { upcoming, upcomingTotal, failed, from, to } = report.data;
  return (
    <div data-testid="autopay-report">
      <h3 className="pay-pad">{t('payments:autopay.report.upcomingTitle', { from: date(from), to: date(to) })}</h3>
      {upcoming.length === 0 ? (
        <p className="text-muted pay-pad" data-testid="autopay-upcoming-empty">
          {t('payments:autopay.report.upcomingEmpty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table pay-table" data-testid="autopay-upcoming" aria-busy={report.isFetching}>
            <caption className="visually-hidden">{t('payments:autopay.report.upcomingCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments:autopay.report.date')}</th>
                <th scope="col">{t('payments:pending.member')}</th>
                <th scope="col">{t('payments:autopay.staff.plan')}</th>
                <th scope="col" className="pay-num">
                  {t('payments:autopay.report.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {upcoming.map((u) => (
                <tr key={u.autopay._id} data-testid="autopay-upcoming-row">
                  <td data-label={t('payments:autopay.report.date')}>{date(u.date)}</td>
                  <td data-label={t('payments:pending.member')}>
                    <Link to={`/dashboard/members/${u.autopay.memberId}`} className="link cell-strong">
                      {u.autopay.memberName}
                    </Link>
                  </td>
                  <td data-label={t('payments:autopay.staff.plan')}>{u.autopay.planName}</td>
                  <td data-label={t('payments:autopay.report.amount')} className="pay-num">
                    {formatRupees2(u.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="autopay-upcoming-total">
                <th scope="row" colSpan={3}>
                  {t('payments:autopay.report.total', { count: upcoming.length })}
                </th>
                <td className="pay-num" data-label={t('payments:autopay.report.amount')}>
                  <strong>{formatRupees2(upcomingTotal)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <h3 className="pay-pad">{t('payments:autopay.report.failedTitle')}</h3>
      {failed.length === 0 ? (
        <p className="text-muted pay-pad" data-testid="autopay-failed-empty">
          {t('payments:autopay.report.failedEmpty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table pay-table" data-testid="autopay-failed" aria-busy={report.isFetching}>
            <caption className="visually-hidden">{t('payments:autopay.report.failedTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments:pending.member')}</th>
                <th scope="col">{t('payments:autopay.staff.plan')}</th>
                <th scope="col">{t('payments:autopay.staff.state')}</th>
                <th scope="col">{t('payments:autopay.report.lastFailure')}</th>
                <th scope="col" className="pay-num">
                  {t('payments:autopay.report.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {failed.map((a) => (
                <tr key={a._id} data-testid="autopay-failed-row">
                  <td data-label={t('payments:pending.member')}>
                    <Link to={`/dashboard/members/${a.memberId}`} className="link cell-strong">
                      {a.memberName}
                    </Link>
                  </td>
                  <td data-label={t('payments:autopay.staff.plan')}>{a.planName}</td>
                  <td data-label={t('payments:autopay.staff.state')}>
                    {t(`payments:autopay.status.${a.status}`)} · {t('payments:autopay.staff.failures', { count: a.failures })}
                  </td>
                  <td data-label={t('payments:autopay.report.lastFailure')}>{a.lastFailureAt ? date(a.lastFailureAt) : '—'}</td>
                  <td data-label={t('payments:autopay.report.amount')} className="pay-num">
                    {formatRupees2(a.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
