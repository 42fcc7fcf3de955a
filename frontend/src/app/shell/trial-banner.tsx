import type { User } from '@akhada/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AlertTriangleIcon } from '../../components/icons/alert-triangle';
import { InfoIcon } from '../../components/icons/info';
import { useToast } from '../../components/toast';
import { useSession } from '../../lib/auth/session';
import { onPaymentRequired } from '../../lib/payment-required';
import { useNow } from '../../lib/use-now';
import { ALL_NS } from '../../locales/resources';

export const PLAN_PATH = '/dashboard/settings/plan';
const DAY_MS = 86_400_000;

export type TrialState = { kind: 'ended' } | { kind: 'trial'; daysLeft: number } | null;

/**
 * Where the organization stands with its free trial: ended (read-only: every change is refused until a plan is
 * bought), in its trial with whole days left (a part of a day counts as a day), or null on a paid plan.
 */
export function trialStateOf(org: Pick<User['organization'], 'plan' | 'trialEndsAt'>, now: number): TrialState {
  if (org.plan !== 'free' || !org.trialEndsAt) return null;
  const left = Date.parse(org.trialEndsAt) - now;
  if (Number.isNaN(left)) return null;
  if (left <= 0) return { kind: 'ended' };
  return { kind: 'trial', daysLeft: Math.max(1, Math.ceil(left / DAY_MS)) };
}

/**
 * On every signed-in screen: why nothing can be changed once the free trial has ended (with the way out: the owner
 * chooses a plan, anyone else asks the owner), and a quieter count of the trial's days before that.
 */
export function TrialBanner({ user }: { user: User }) {
  const { t } = useTranslation(ALL_NS);
  const now = useNow(60_000);
  const state = trialStateOf(user.organization, now);
  if (!state) return null;
  const isOwner = user.role === 'owner';
  if (state.kind === 'ended') {
    return (
      <div className="trial-banner trial-banner--ended" role="status" data-testid="trial-banner">
        <AlertTriangleIcon size={18} className="trial-banner__icon" />
        <p className="trial-banner__text">
          <strong>{t('shell:trial.ended')}</strong> {isOwner ? null : <span>{t('shell:trial.askOwner')}</span>}
        </p>
        {isOwner ? (
          <Link to={PLAN_PATH} className="btn btn--primary btn--sm trial-banner__action" data-testid="trial-choose-plan">
            {t('shell:trial.choosePlan')}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="trial-banner trial-banner--trial" role="status" data-testid="trial-notice">
      <InfoIcon size={16} className="trial-banner__icon" />
      <p className="trial-banner__text">{t('shell:trial.daysLeft', { count: state.daysLeft })}</p>
      {isOwner ? (
        <Link to={PLAN_PATH} className="trial-banner__link">
          {t('shell:trial.choosePlan')}
        </Link>
      ) : null}
    </div>
  );
}

/** How long after reading the session for a 402 another 402 does not read it again. */
export const PAYMENT_REQUIRED_REFRESH_MS = 30_000;

/**
 * Listens for 402 answers while signed in: a refused change because the trial has ended shows the server's message
 * as an error toast, and the session is read again (once per burst of refusals) since the owner may have bought a
 * plan meanwhile — then the banner goes and writes work again. Renders nothing.
 */
export function PaymentRequiredResponses() {
  const toast = useToast();
  const { refresh } = useSession();
  const lastRefresh = useRef(Number.NEGATIVE_INFINITY);
  const lastToast = useRef<{ message: string; at: number } | null>(null);
  useEffect(
    () =>
      onPaymentRequired(({ code, message }) => {
        const now = Date.now();
        // Several calls refused at once (a screen's writes) say it once.
        if (code === 'TRIAL_ENDED' && !(lastToast.current?.message === message && now - lastToast.current.at < 4_000)) {
          lastToast.current = { message, at: now };
          toast.error(message);
        }
        if (now - lastRefresh.current >= PAYMENT_REQUIRED_REFRESH_MS) {
          lastRefresh.current = now;
          void refresh();
        }
      }),
    [toast, refresh],
  );
  return null;
}
