import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { referralLink, useMyFormLink, useMyReferral } from '../api/my-referral';

/**
 * "Refer a friend" on My Membership: the member's code and link (their location's public enquiry form with ?ref=), a
 * Copy button announced through a polite live region, the gym's reward and the rewards earned so far.
 */
export function ReferralCard() {
  const { t, i18n } = useTranslation(ALL_NS);
  const referral = useMyReferral();
  const form = useMyFormLink();
  const headingId = useId();

  let body;
  if (referral.isPending) body = <LoadingState title={t('members:referral.loading')} />;
  else if (referral.isError)
    body = <ErrorState error={referral.error} title={t('members:referral.failed')} onRetry={() => void referral.refetch()} retrying={referral.isFetching} />;
  else {
    const r = referral.data;
    const link = form.data ? referralLink(form.data.code, r.code) : null;
    body = (
      <>
        <p className="text-muted" data-testid="referral-offer">
          {r.rewardDays > 0 ? t('members:referral.offer', { count: r.rewardDays }) : t('members:referral.noReward')}
        </p>
        <p>
          {t('members:referral.code')}: <strong data-testid="referral-code">{r.code}</strong>
        </p>
        {link ? (
          <CopyField
            value={link}
            label={t('members:referral.link')}
            copyLabel={t('common:actions.copy')}
            copiedText={t('common:actions.copied')}
            failedText={t('members:referral.copyFailed')}
            testIds={{ field: 'referral-link', copy: 'referral-copy', copied: 'referral-copied' }}
          />
        ) : form.isError ? (
          <p className="text-muted">{t('members:referral.noLink')}</p>
        ) : null}
        <h3 className="referral__subtitle">{t('members:referral.rewards')}</h3>
        {r.rewards.length === 0 ? (
          <p className="text-muted" data-testid="referral-no-rewards">
            {t('members:referral.noRewards')}
          </p>
        ) : (
          <ul className="referral__rewards" data-testid="referral-rewards">
            {r.rewards.map((w) => (
              <li key={w.rewardedAt}>{t('members:referral.reward', { count: w.days, date: formatDate(w.endDate, i18n.language) })}</li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section className="card referral" aria-labelledby={headingId} data-testid="referral-card">
      <h2 id={headingId} className="card__title">
        {t('members:referral.title')}
      </h2>
      {body}
    </section>
  );
}
