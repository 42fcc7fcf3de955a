import type { Payment } from '@akhada/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../lib/money';
import { Link } from 'react-router-dom';
import { formatDate } from '../lib/format';
import { useMemberPayments, useTrainerPayments } from '../lib/shared-queries/payments';
import { ALL_NS } from '../locales/resources';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { WalletIcon } from './icons/wallet';
import { Pagination } from './pagination';
import { hasReferralCredit, ReferralCreditLine } from './referral-credit';
import { LoadingState } from './spinner';
import './payments-list.css';

const STATUS_TONE: Record<Payment['status'], string> = {
  pending: 'badge--priority-high',
  partially_refunded: 'badge--priority-high',
  completed: 'badge--success',
  failed: 'badge--danger',
  refunded: 'badge--neutral',
  cancelled: 'badge--neutral',
};

/** The spec's status labels and colours: pending and partly refunded amber, completed green, failed red, the rest grey. */
export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <span className={`badge ${STATUS_TONE[status]}`} data-testid="payment-status" data-status={status}>
      {t(`payments:status.${status}`)}
    </span>
  );
}

/** When a payment happened for the lists: paid date, else due date, else recorded date. */
export const paymentDateOf = (p: Payment) => p.paidAt ?? p.dueDate ?? p.createdAt;

/** A table of payments (stacked into cards on a phone). `actions` adds buttons to a row. */
export function PaymentsTable({
  payments,
  busy,
  person,
  linkToDetail,
  actions,
  testId = 'payments-table',
}: {
  payments: Payment[];
  busy?: boolean;
  person?: 'member' | 'trainer' | 'any';
  linkToDetail?: boolean;
  actions?: (p: Payment) => ReactNode;
  testId?: string;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  return (
    <div className="table-wrap">
      <table className="table pay-table" data-testid={testId} aria-busy={busy}>
        <caption className="visually-hidden">{t('payments:table.label')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payments:table.date')}</th>
            {person ? <th scope="col">{t('payments:table.person')}</th> : null}
            <th scope="col">{t('payments:table.description')}</th>
            <th scope="col">{t('payments:table.method')}</th>
            <th scope="col" className="pay-num">
              {t('payments:table.amount')}
            </th>
            <th scope="col">{t('payments:table.status')}</th>
            {actions || linkToDetail ? (
              <th scope="col" className="table__actions-head">
                {t('payments:table.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => {
            const who = person === 'trainer' ? p.trainer : person === 'member' ? p.member : (p.member ?? p.trainer);
            return (
              <tr key={p._id} data-testid="payment-row" data-payment-id={p._id}>
                <td data-label={t('payments:table.date')}>{formatDate(paymentDateOf(p), i18n.language)}</td>
                {person ? (
                  <td data-label={t('payments:table.person')}>{who?.name ?? <span className="text-muted">{t('payments:table.noPerson')}</span>}</td>
                ) : null}
                <td data-label={t('payments:table.description')}>
                  <span className="cell-stack">
                    <span className="cell-strong">{p.description}</span>
                    <span className="cell-sub">{t(`payments:types.${p.paymentType}` as 'payments:types.other')}</span>
                  </span>
                </td>
                <td data-label={t('payments:table.method')}>{t(`payments:methods.${p.paymentMethod}`)}</td>
                <td data-label={t('payments:table.amount')} className="pay-num" data-testid="payment-amount">
                  {hasReferralCredit(p.referralCredit) ? (
                    <span className="cell-stack">
                      <span>{formatRupees2(p.totalAmount)}</span>
                      <ReferralCreditLine credit={p.referralCredit} />
                    </span>
                  ) : (
                    formatRupees2(p.totalAmount)
                  )}
                </td>
                <td data-label={t('payments:table.status')}>
                  {p.refundedAfterExpiry ? (
                    <span className="cell-stack">
                      <PaymentStatusBadge status={p.status} />
                      <span className="cell-sub" data-testid="refund-reason">
                        {t('payments:refundedAfterExpiry')}
                      </span>
                    </span>
                  ) : (
                    <PaymentStatusBadge status={p.status} />
                  )}
                </td>
                {actions || linkToDetail ? (
                  <td className="table__actions">
                    {linkToDetail ? (
                      <Link to={`/dashboard/payments/history/${p._id}`} className="btn btn--secondary btn--sm" data-testid="payment-view">
                        {t('payments:table.view')}
                      </Link>
                    ) : null}
                    {actions?.(p)}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface PersonPaymentsData {
  data: Payment[];
  pagination: { page: number; totalPages: number };
  summary: { totalPaid: number; totalPending: number; lastPaymentAt: string | null };
}

/** One person's payments (a member's tab, a trainer's earnings, My payments): summary, list, paging and every state. */
export function PersonPaymentsPanel({
  query,
  page,
  onPage,
  person,
  linkToDetail,
  actions,
  emptyHint,
}: {
  query: UseQueryResult<PersonPaymentsData>;
  page: number;
  onPage: (page: number) => void;
  person?: 'member' | 'trainer';
  linkToDetail?: boolean;
  actions?: (p: Payment) => ReactNode;
  emptyHint?: string;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  if (query.isPending) return <LoadingState title={t('payments:person.loading')} />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('payments:person.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const d = query.data;
  return (
    <div className="pay-person" data-testid="person-payments">
      <dl className="facts facts--grid">
        <div>
          <dt>{t('payments:person.totalPaid')}</dt>
          <dd data-testid="person-total-paid">{formatRupees2(d.summary.totalPaid)}</dd>
        </div>
        <div>
          <dt>{t('payments:person.totalPending')}</dt>
          <dd data-testid="person-total-pending">{formatRupees2(d.summary.totalPending)}</dd>
        </div>
        <div>
          <dt>{t('payments:person.lastPayment')}</dt>
          <dd>{d.summary.lastPaymentAt ? formatDate(d.summary.lastPaymentAt, i18n.language) : t('payments:person.never')}</dd>
        </div>
      </dl>
      {d.data.length === 0 ? (
        <EmptyState icon={<WalletIcon size={28} />} title={t('payments:person.empty')} hint={emptyHint} />
      ) : (
        <>
          <PaymentsTable payments={d.data} busy={query.isFetching} person={person} linkToDetail={linkToDetail} actions={actions} />
          <Pagination page={page} totalPages={d.pagination.totalPages} onChange={onPage} disabled={query.isFetching} />
        </>
      )}
    </div>
  );
}

/** A member's payments from the payments service (member detail's Payments tab). */
export function MemberPaymentsSection({ memberId, staff }: { memberId: string; staff: boolean }) {
  const [page, setPage] = useState(1);
  const query = useMemberPayments(memberId, page);
  return <PersonPaymentsPanel query={query} page={page} onPage={setPage} linkToDetail={staff} />;
}

/** Payments to a trainer from the payments service (trainer detail's Earnings tab). */
export function TrainerPaymentsSection({ trainerId, staff }: { trainerId: string; staff: boolean }) {
  const [page, setPage] = useState(1);
  const query = useTrainerPayments(trainerId, page);
  return <PersonPaymentsPanel query={query} page={page} onPage={setPage} linkToDetail={staff} />;
}
