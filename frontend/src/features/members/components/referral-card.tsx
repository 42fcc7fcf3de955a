import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { copyText } from '../../../lib/copy-text';
import { formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { referralLink, useMyFormLink, useMyReferral } from '../api/my-referral';

/** How long "Copied" stays beside the button. */
const COPIED_MS = 4_000;

/**
 * "Refer a friend" on My Membership: the member's code and link (their location's public enquiry form with ?ref=), a
 * Copy button announced through a polite live region, the gym's reward and the rewards earned so far.
 */
export function ReferralCard() {
  const { t, i18n } = useTranslation(ALL_NS);
  const referral = useMyReferral();
  const form = useMyFormLink();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fieldId = useId();

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  let body;
  if (referral.isPending) body = <LoadingState title={t('members:referral.loading')} />;
  else if (referral.isError)
    body = <ErrorState error={referral.error} title={t('members:referral.failed')} onRetry={() => void referral.refetch()} retrying={referral.isFetching} />;
  else {
    const r = referral.data;
    const link = form.data ? referralLink(form.data.code, r.code) : null;
    const onCopy = async () => {
      if (link) setCopied((await copyText(link, field.current)) ? 'yes' : 'no');
    };
    body = (
      <>
        <p className="text-muted" data-testid="referral-offer">
          {r.rewardDays > 0 ? t('members:referral.offer', { count: r.rewardDays }) : t('members:referral.noReward')}
        </p>
        <p>
          {t('members:referral.code')}: <strong data-testid="referral-code">{r.code}</strong>
        </p>
        {link ? (
          <>
            <label htmlFor={fieldId} className="field__label">
              {t('members:referral.link')}
            </label>
            <div className="referral__row">
              <input
                ref={field}
                id={fieldId}
                className="input referral__url"
                type="text"
                readOnly
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="referral-link"
              />
              <button type="button" className="btn btn--secondary" onClick={() => void onCopy()} data-testid="referral-copy">
                {t('common:actions.copy')}
              </button>
            </div>
            <p className="referral__copied" role="status" aria-live="polite" data-testid="referral-copied">
              {copied === 'yes' ? t('common:actions.copied') : copied === 'no' ? t('members:referral.copyFailed') : ''}
            </p>
          </>
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
