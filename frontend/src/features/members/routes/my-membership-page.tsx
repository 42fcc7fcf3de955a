import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { IdCardIcon } from '../../../components/icons/id-card';
import { PageHeader } from '../../../components/page-header';
import { MyDuesCard } from '../../../components/pay-online-button';
import { LoadingState } from '../../../components/spinner';
import { isNotFoundError } from '../../../lib/api-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useMyMembership } from '../api/get-my-membership';
import { MembershipTimeText } from '../components/member-labels';
import { ReferralCard } from '../components/referral-card';
import { StatusBadge } from '../components/status-badge';
import { TermsTable } from '../components/terms-table';
import '../members.css';

/**
 * /dashboard/me: the signed-in member's own membership — days remaining, the current term, their referral link and
 * rewards, the history of terms.
 */
export function MyMembershipPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('members:me.title'));
  const query = useMyMembership();
  const lang = i18n.language;

  let body: ReactNode;
  if (query.isPending) body = <LoadingState title={t('members:me.loading')} />;
  else if (query.isError && isNotFoundError(query.error))
    body = <EmptyState icon={<IdCardIcon size={28} />} title={t('members:me.none')} hint={t('members:me.noneHint')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('members:me.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const m = query.data;
    const pending = m.membershipStatus === 'pending';
    body = (
      <div className="detail-stack">
        <section className="card my-membership" aria-labelledby="my-current" data-testid="my-membership">
          <div className="my-membership__head">
            <h2 id="my-current" className="card__title">
              {t('members:me.current')}
            </h2>
            <StatusBadge status={m.membershipStatus} />
          </div>
          {pending ? (
            <p className="text-muted">{t('members:me.awaiting')}</p>
          ) : (
            <>
              <p className="my-membership__days" data-testid="my-days">
                <MembershipTimeText daysRemaining={m.daysRemaining} />
              </p>
              <dl className="facts">
                <div>
                  <dt>{t('members:detail.membershipType')}</dt>
                  <dd>
                    {t(`members:types.${m.membershipType}`)} · {t(`members:frequency.${m.paymentFrequency}`)}
                  </dd>
                </div>
                <div>
                  <dt>{t('members:detail.startDate')}</dt>
                  <dd>{formatDate(m.membershipStartDate, lang)}</dd>
                </div>
                <div>
                  <dt>{t('members:detail.endDate')}</dt>
                  <dd data-testid="my-end-date">{formatDate(m.membershipEndDate, lang)}</dd>
                </div>
                <div>
                  <dt>{t(`members:detail.fee.${m.paymentFrequency}`)}</dt>
                  <dd>{formatMoney(m.membershipFee, { exact: true })}</dd>
                </div>
              </dl>
            </>
          )}
        </section>
        <MyDuesCard />
        {pending ? null : <ReferralCard />}
        <section className="card card--flush" aria-labelledby="my-terms">
          <h2 id="my-terms" className="card__title card__title--padded">
            {t('members:terms.title')}
          </h2>
          <TermsTable terms={m.terms} />
        </section>
      </div>
    );
  }

  return (
    <div className="page my-page">
      <PageHeader title={t('members:me.title')} subtitle={t('members:me.subtitle')} />
      {body}
    </div>
  );
}
