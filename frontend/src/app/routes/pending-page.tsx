import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/icons/clock';
import { RefreshIcon } from '../../components/icons/refresh';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/auth/session';
import { ALL_NS } from '../../locales/resources';
import './pending-page.css';

/**
 * The only page of an account awaiting the gym's approval (a trainer who registered with the gym's code): it says
 * why, and "Check again" reads the session again — once an admin has approved the account, the guard takes the user
 * to their home. Sign out is always there.
 */
export function PendingPage() {
  const { t } = useTranslation(ALL_NS);
  const { user, refresh, signOut } = useSession();
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  const checkAgain = async () => {
    setChecking(true);
    try {
      await refresh();
    } finally {
      setChecking(false);
      setChecked(true);
    }
  };
  return (
    <div className="full-page-center">
      <Logo />
      <main className="pending-page card" data-testid="pending-page">
        <span className="state__icon state__icon--warning" aria-hidden="true">
          <ClockIcon size={26} />
        </span>
        <h1 className="pending-page__title">{t('shell:pending.title')}</h1>
        <p>{t('shell:pending.body', { gym: user.organization.name })}</p>
        <p className="pending-page__text">{t('shell:pending.explain')}</p>
        <p role="status" aria-live="polite" className="pending-page__text" data-testid="pending-status">
          {checking ? t('shell:pending.checking') : checked ? t('shell:pending.stillWaiting') : ''}
        </p>
        <div className="state__action">
          <button type="button" className="btn btn--primary" onClick={() => void checkAgain()} disabled={checking} aria-busy={checking}>
            <RefreshIcon size={16} />
            {t('shell:pending.checkAgain')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          >
            {t('shell:pending.signOut')}
          </button>
        </div>
      </main>
    </div>
  );
}
