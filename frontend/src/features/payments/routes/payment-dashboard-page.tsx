import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { hasReferralCredit, useReferralCreditNote } from '../../../components/referral-credit';
import { LoadingState } from '../../../components/spinner';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useOverview } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';

/** The sub-pages the dashboard links to (spec part 2 "Payments"). */
export const PAYMENT_LINKS = [
  'create',
  'analytics',
  'pending',
  'renewals',
  'member-payments',
  'trainer-payments',
  'trainer-salaries',
  'invoices',
  'reports',
  'history',
] as const;
const LINK_KEY: Record<(typeof PAYMENT_LINKS)[number], string> = {
  create: 'create',
  analytics: 'analytics',
  pending: 'pending',
  renewals: 'renewals',
  'member-payments': 'memberPayments',
  'trainer-payments': 'trainerPayments',
  'trainer-salaries': 'trainerSalaries',
  invoices: 'invoices',
  reports: 'reports',
  history: 'history',
};

function Card({ label, value, hint, to, testId }: { label: string; value: string; hint?: ReactNode; to: string; testId: string }) {
  return (
    <li className="card pay-card">
      <Link to={to} className="pay-card__link" data-testid={testId}>
        <span className="pay-card__label">{label}</span>
        <span className="pay-card__value" data-testid={`${testId}-value`}>
          {value}
        </span>
        {hint ? <span className="pay-card__hint">{hint}</span> : null}
      </Link>
    </li>
  );
}

/** /dashboard/payments: revenue, pending payments, upcoming renewals, trainer salaries, quick stats and actions. */
export function PaymentDashboardPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const location = useLocation();
  const recordedState = location.state as { recorded?: boolean; referralCredit?: number } | null;
  const recorded = recordedState?.recorded === true;
  const creditNote = useReferralCreditNote();
  const overview = useOverview();

  const actions = (
    <Link to="/dashboard/payments/create" className="btn btn--primary" data-testid="record-payment">
      {t('payments:dashboard.record')}
    </Link>
  );
  let body: ReactNode;
  if (overview.isPending) body = <LoadingState title={t('payments:dashboard.loading')} />;
  else if (overview.isError)
    body = (
      <section className="card">
        <ErrorState error={overview.error} title={t('payments:dashboard.error')} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      </section>
    );
  else {
    const o = overview.data;
    const growth = `${o.revenue.growth >= 0 ? '+' : ''}${o.revenue.growth.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;
    const next7 = o.upcomingRenewals.members.slice(0, 3);
    body = (
      <>
        <ul className="pay-cards" aria-label={t('payments:dashboard.cardsLabel')}>
          <Card
            label={t('payments:dashboard.thisMonth')}
            value={formatMoney(o.revenue.thisMonth)}
            hint={t('payments:dashboard.growth', { growth, last: formatMoney(o.revenue.lastMonth) })}
            to="/dashboard/payments/analytics"
            testId="card-this-month"
          />
          <Card
            label={t('payments:dashboard.ytd')}
            value={formatMoney(o.revenue.ytd)}
            hint={t('payments:dashboard.ytdHint')}
            to="/dashboard/payments/reports"
            testId="card-ytd"
          />
          <Card
            label={t('payments:dashboard.pending')}
            value={formatMoney(o.pendingPayments.amount)}
            hint={t('payments:dashboard.pendingCount', { count: o.pendingPayments.count })}
            to="/dashboard/payments/pending"
            testId="card-pending"
          />
          <Card
            label={t('payments:dashboard.salaries')}
            value={`${formatNumber(o.trainerSalaries.paid)} / ${formatNumber(o.trainerSalaries.total)}`}
            hint={t('payments:dashboard.salariesHint', {
              paid: formatMoney(o.trainerSalaries.paidAmount),
              pending: formatMoney(o.trainerSalaries.pendingAmount),
            })}
            to="/dashboard/payments/trainer-salaries"
            testId="card-salaries"
          />
        </ul>
        <div className="pay-grid">
          <section className="card pay-panel" aria-labelledby="pay-renewals">
            <div className="pay-panel__head">
              <h2 id="pay-renewals" className="card__title">
                {t('payments:dashboard.renewalsTitle')}
              </h2>
              <Link to="/dashboard/payments/renewals" className="link">
                {t('payments:dashboard.viewAll')}
              </Link>
            </div>
            {next7.length > 0 ? <p className="text-muted">{t('payments:dashboard.renewalsCount', { count: o.upcomingRenewals.count })}</p> : null}
            {next7.length === 0 ? (
              <p className="text-muted" data-testid="renewals-empty">
                {t('payments:dashboard.renewalsEmpty')}
              </p>
            ) : (
              <ul className="pay-list" data-testid="renewals-list">
                {next7.map((m) => (
                  <li key={m.memberId} className="pay-list__item">
                    <Link to={`/dashboard/members/${m.memberId}`} className="pay-list__name">
                      {m.memberName}
                    </Link>
                    <span className="text-muted">
                      {t(`payments:membershipTypes.${m.membershipType}`)} · {formatDate(m.expiryDate, i18n.language)}
                    </span>
                    <span className="pay-num">{formatMoney(m.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card pay-panel" aria-labelledby="pay-stats">
            <h2 id="pay-stats" className="card__title">
              {t('payments:dashboard.quickStats')}
            </h2>
            <dl className="facts">
              <div>
                <dt>{t('payments:dashboard.avgPerMember')}</dt>
                <dd>{formatMoney(o.quickStats.avgRevenuePerMember)}</dd>
              </div>
              <div>
                <dt>{t('payments:dashboard.activeMembers')}</dt>
                <dd>{formatNumber(o.quickStats.totalActiveMembers)}</dd>
              </div>
              <div>
                <dt>{t('payments:dashboard.popularType')}</dt>
                <dd>{o.quickStats.mostPopularMembershipType ? t(`payments:membershipTypes.${o.quickStats.mostPopularMembershipType}`) : '—'}</dd>
              </div>
            </dl>
          </section>
        </div>
      </>
    );
  }

  return (
    <PaymentsPage title={t('payments:dashboard.title')} subtitle={t('payments:dashboard.subtitle')} actions={actions} back={false} testId="payments-dashboard">
      {recorded ? (
        <Alert tone="success" testId="payment-recorded">
          {t('payments:create.success')}
          {hasReferralCredit(recordedState?.referralCredit) ? (
            <span data-testid="payment-recorded-credit"> {creditNote(recordedState.referralCredit)}</span>
          ) : null}
        </Alert>
      ) : null}
      {body}
      <section className="card pay-panel" aria-labelledby="pay-actions">
        <h2 id="pay-actions" className="card__title">
          {t('payments:dashboard.quickActions')}
        </h2>
        <nav className="pay-actions" aria-label={t('payments:dashboard.quickActions')}>
          {PAYMENT_LINKS.map((to) => (
            <Link key={to} to={`/dashboard/payments/${to}`} className={`btn ${to === 'create' ? 'btn--primary' : 'btn--secondary'}`} data-testid={`link-${to}`}>
              {t(`payments:links.${LINK_KEY[to]}` as 'payments:links.create')}
            </Link>
          ))}
        </nav>
      </section>
    </PaymentsPage>
  );
}
