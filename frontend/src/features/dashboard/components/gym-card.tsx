import type { User } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons/check';
import { CopyIcon } from '../../../components/icons/copy';
import { MapPinIcon } from '../../../components/icons/map-pin';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';

const DAY_MS = 86_400_000;

/** Plan, trial and the joining code that members and trainers need to sign up. */
export function GymCard({ user, now }: { user: User; now: number }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const org = user.organization;
  const trialEnds = org.plan === 'free' && org.trialEndsAt ? new Date(org.trialEndsAt).getTime() : null;
  const trialDaysLeft = trialEnds !== null ? Math.ceil((trialEnds - now) / DAY_MS) : null;

  const copy = async () => {
    if (!org.joinCode) return;
    try {
      await navigator.clipboard.writeText(org.joinCode);
      setCopied(true);
      toast.success(t('dashboard:gym.copied'));
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      /* clipboard blocked: the code stays visible to copy by hand */
    }
  };

  return (
    <section className="card gym-card" aria-labelledby="gym-card-title">
      <div className="gym-card__head">
        <div>
          <p className="gym-card__eyebrow">{t('dashboard:gym.title')}</p>
          <h2 id="gym-card-title" className="gym-card__name">
            {org.name}
          </h2>
        </div>
        <span className="badge badge--info">{t(`dashboard:gym.plans.${org.plan}`)}</span>
      </div>
      {trialDaysLeft !== null ? (
        <p className={`gym-card__trial${trialDaysLeft <= 0 ? ' gym-card__trial--ended' : ''}`} data-testid="trial-status">
          {trialDaysLeft > 0 ? t('dashboard:gym.trialLeft', { count: trialDaysLeft }) : t('dashboard:gym.trialEnded')}
        </p>
      ) : null}
      <p className="gym-card__locations">
        <MapPinIcon size={16} />
        {t('dashboard:gym.locations', { count: user.locations.length })}
        {user.locations.length > 0 ? <span className="text-muted"> · {user.locations.map((l) => l.name).join(', ')}</span> : null}
      </p>
      {org.joinCode ? (
        <div className="join-code">
          <div>
            <p className="join-code__label">{t('dashboard:gym.joinCode')}</p>
            <p className="join-code__value" data-testid="join-code">
              {org.joinCode}
            </p>
            <p className="join-code__hint">{t('dashboard:gym.joinCodeHint')}</p>
          </div>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()} aria-label={t('dashboard:gym.copyJoinCode')}>
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            {copied ? t('common:actions.copied') : t('common:actions.copy')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
