import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferralCreditNote } from '../../../components/referral-credit';
import { formatRupees2 } from '../../../lib/money';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { WalletIcon } from '../../../components/icons/wallet';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useMarkPaid, usePending, useRemind } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { URGENCY_TONE } from '../lib/payment-labels';

/** /dashboard/payments/pending: pending member payments, most overdue first; Mark Paid and Send Reminder. */
export function PendingPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [page, setPage] = useState(1);
  const query = usePending(page);
  const markPaid = useMarkPaid();
  const creditNote = useReferralCreditNote();
  const remind = useRemind();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onMarkPaid = (id: string, name: string) => {
    setBusyId(id);
    markPaid.mutate(
      { id },
      {
        onSuccess: (paid) => toast.success([t('payments:pending.markedPaid', { name }), creditNote(paid.referralCredit)].filter(Boolean).join(' ')),
        onError: (e) => toast.error(describe(e, { fallback: t('payments:pending.markPaidFailed') })),
        onSettled: () => setBusyId(null),
      },
    );
  };
  const onRemind = (id: string, name: string) => {
    setBusyId(id);
    remind.mutate(id, {
      onSuccess: () => toast.success(t('payments:pending.reminded', { name })),
      // One reminder per member per day: the server says so (429), shown as it words it.
      onError: (e) => toast.error(describe(e, { fallback: t('payments:pending.remindFailed') })),
      onSettled: () => setBusyId(null),
    });
  };

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:pending.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('payments:pending.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.data.length === 0)
    body = <EmptyState icon={<WalletIcon size={28} />} title={t('payments:pending.empty')} hint={t('payments:pending.emptyHint')} />;
  else
    body = (
      <>
        <div className="table-wrap">
          <table className="table pay-table" data-testid="pending-table" aria-busy={query.isFetching}>
            <caption className="visually-hidden">{t('payments:pending.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments:pending.member')}</th>
                <th scope="col" className="pay-num">
                  {t('payments:table.amount')}
                </th>
                <th scope="col">{t('payments:pending.membershipType')}</th>
                <th scope="col">{t('payments:pending.dueDate')}</th>
                <th scope="col">{t('payments:pending.daysPastDue')}</th>
                <th scope="col">{t('payments:table.description')}</th>
                <th scope="col" className="table__actions-head">
                  {t('payments:table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((p) => (
                <tr key={p._id} data-testid="pending-row" data-payment-id={p._id}>
                  <td data-label={t('payments:pending.member')}>
                    <span className="cell-stack">
                      {p.memberId ? (
                        <Link to={`/dashboard/members/${p.memberId}`} className="cell-strong link">
                          {p.memberName}
                        </Link>
                      ) : (
                        <span className="cell-strong">{p.memberName}</span>
                      )}
                      <span>
                        <span className={`badge ${URGENCY_TONE[p.urgency]}`} data-testid="urgency" data-urgency={p.urgency}>
                          {t(`payments:urgency.${p.urgency}`)}
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label={t('payments:table.amount')} className="pay-num">
                    {formatRupees2(p.totalAmount)}
                  </td>
                  <td data-label={t('payments:pending.membershipType')}>{p.membershipType ? t(`payments:membershipTypes.${p.membershipType}`) : '—'}</td>
                  <td data-label={t('payments:pending.dueDate')}>{p.dueDate ? formatDate(p.dueDate, i18n.language) : '—'}</td>
                  <td data-label={t('payments:pending.daysPastDue')}>{t('payments:pending.days', { count: Math.max(0, p.daysPastDue) })}</td>
                  <td data-label={t('payments:table.description')}>
                    <span className="cell-stack">
                      <span>{p.description}</span>
                      {p.lastReminderAt ? (
                        <span className="cell-sub">{t('payments:pending.lastReminder', { date: formatDate(p.lastReminderAt, i18n.language) })}</span>
                      ) : null}
                    </span>
                  </td>
                  <td className="table__actions">
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      onClick={() => onMarkPaid(p._id, p.memberName)}
                      disabled={busyId === p._id}
                      data-testid="mark-paid"
                    >
                      {t('payments:pending.markPaid')}
                    </button>
                    {p.memberId ? (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        onClick={() => onRemind(p._id, p.memberName)}
                        disabled={busyId === p._id}
                        data-testid="send-reminder"
                      >
                        {t('payments:pending.remind')}
                      </button>
                    ) : null}
                    <Link to={`/dashboard/payments/history/${p._id}`} className="btn btn--ghost btn--sm">
                      {t('payments:table.view')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} totalPages={query.data.pagination.totalPages} onChange={setPage} disabled={query.isFetching} />
      </>
    );

  return (
    <PaymentsPage title={t('payments:pending.title')} subtitle={t('payments:pending.subtitle')} testId="pending-page">
      <section className="card card--flush">{body}</section>
    </PaymentsPage>
  );
}
