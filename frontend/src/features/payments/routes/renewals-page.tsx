import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { LoadingState } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useRenewals } from '../api/payments-api';
import { AutopayStaffPanel } from '../components/autopay-staff-panel';
import { PaymentsPage } from '../components/payments-shell';

const DAY_CHOICES = [7, 15, 30, 60, 90] as const;

/** /dashboard/payments/renewals: memberships ending within the chosen days (default 30), soonest first. */
export function RenewalsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const [days, setDays] = useState(30);
  const query = useRenewals(days);

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:renewals.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('payments:renewals.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('payments:renewals.empty', { count: days })} />;
  else
    body = (
      <div className="table-wrap">
        <table className="table pay-table" data-testid="renewals-table" aria-busy={query.isFetching}>
          <caption className="visually-hidden">{t('payments:renewals.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payments:pending.member')}</th>
              <th scope="col">{t('payments:pending.membershipType')}</th>
              <th scope="col">{t('payments:renewals.expiry')}</th>
              <th scope="col">{t('payments:renewals.daysLeft')}</th>
              <th scope="col" className="pay-num">
                {t('payments:renewals.fee')}
              </th>
              <th scope="col" className="table__actions-head">
                {t('payments:table.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((r) => (
              <tr key={r.memberId} data-testid="renewal-row">
                <td data-label={t('payments:pending.member')}>
                  <Link to={`/dashboard/members/${r.memberId}`} className="link cell-strong">
                    {r.memberName}
                  </Link>
                </td>
                <td data-label={t('payments:pending.membershipType')}>{t(`payments:membershipTypes.${r.membershipType}`)}</td>
                <td data-label={t('payments:renewals.expiry')}>{formatDate(r.expiryDate, i18n.language)}</td>
                <td data-label={t('payments:renewals.daysLeft')}>{t('payments:pending.days', { count: r.daysLeft })}</td>
                <td data-label={t('payments:renewals.fee')} className="pay-num">
                  {formatRupees2(r.amount)}
                </td>
                <td className="table__actions">
                  {r.pendingPaymentId ? (
                    <Link to={`/dashboard/payments/history/${r.pendingPaymentId}`} className="btn btn--secondary btn--sm">
                      {t('payments:renewals.viewPending')}
                    </Link>
                  ) : (
                    <Link
                      to={`/dashboard/payments/create?member=${r.memberId}&type=membership_renewal`}
                      className="btn btn--primary btn--sm"
                      data-testid="renewal-record"
                    >
                      {t('payments:renewals.record')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <PaymentsPage title={t('payments:renewals.title')} subtitle={t('payments:renewals.subtitle')} testId="renewals-page">
      <section className="card pay-toolbar">
        <label className="field pay-field-inline">
          <span className="field__label">{t('payments:renewals.days')}</span>
          <select className="input select" value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="renewal-days">
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t('payments:renewals.nextDays', { count: d })}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="card card--flush">{body}</section>
      <AutopayStaffPanel />
    </PaymentsPage>
  );
}
