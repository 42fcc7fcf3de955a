import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { ALL_NS } from '../../../locales/resources';
import { referralLink, useMyFormLink, useMyReferral } from '../api/my-referral';

/** Whole rupees as on cards (₹500), paise as payments show them (₹750.50). */
const rupees = (r: number) => (Number.isInteger(r) ? formatMoney(r) : formatRupees2(r));

/**
 * "Refer a friend" on My Membership: the member's code and link (their location's public enquiry form with ?ref=), a
 * Copy button announced through a polite live region, the gym's reward (free days and/or a credit off the next membership
 * payment) and the rewards and credits earned so far.
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
    const offerCredit = r.rewardCredit ?? 0;
    const credits = r.credits ?? [];
    const creditTotal = credits.reduce((sum, c) => Math.round((sum + c.credit) * 100) / 100, 0);
    body = (
      <>
        <p className="text-muted" data-testid="referral-offer">
          {r.rewardDays > 0 ? t('members:referral.offer', { count: r.rewardDays }) : null}
          {r.rewardDays > 0 && offerCredit ? ' ' : null}
          {offerCredit ? t('members:referral.offerCredit', { amount: rupees(offerCredit) }) : null}
          {r.rewardDays > 0 || offerCredit ? null : t('members:referral.noReward')}
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
        <h3 className="referral__subtitle">{t('members:referral.credits')}</h3>
        {credits.length === 0 ? (
          <p className="text-muted" data-testid="referral-no-credits">
            {t('members:referral.noCredits')}
          </p>
        ) : (
          <>
            <p data-testid="referral-credit-total">
              {t('members:referral.creditTotal', { amount: rupees(creditTotal) })} <span className="text-muted">{t('members:referral.creditUse')}</span>
            </p>
            <ul className="referral__rewards" data-testid="referral-credits">
              {credits.map((c) => (
                <li key={c.grantedAt}>{t('members:referral.creditItem', { amount: rupees(c.credit), date: formatDate(c.grantedAt, i18n.language) })}</li>
              ))}
            </ul>
          </>
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
