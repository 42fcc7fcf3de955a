import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Logo } from '../../../components/logo';
import { ToastProvider } from '../../../components/toast';
import { useSession } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TwoFactorSettings } from '../components/two-factor-settings';
import '../settings.css';

/**
 * The only page of a staff member whose gym requires two-factor sign-in and who has not set it up (the guard sends
 * them here, without the shell; the server answers nothing else for their session). Once the recovery codes are
 * saved, a fresh token without the restriction is taken and the guard sends them home.
 */
export function EnrolTwoFactorPage() {
  const { t } = useTranslation(['security', 'settings']);
  const { user, renewToken, signOut } = useSession();
  const [state, setState] = useState<'idle' | 'continuing' | 'failed'>('idle');
  const [signingOut, setSigningOut] = useState(false);
  useDocumentTitle(t('security:enrol.title'));
  if (!user) return null;
  const proceed = () => {
    setState('continuing');
    renewToken().then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <ToastProvider>
      <div className="full-page-center">
        <Logo />
        <main className="card enrol-two-factor" data-testid="enrol-two-factor-page">
          <h1 className="enrol-two-factor__title">{t('security:enrol.title')}</h1>
          <p className="text-muted">{t('security:enrol.body', { gym: user.organization.name })}</p>
          {state === 'continuing' ? (
            <p role="status">{t('security:enrol.continuing')}</p>
          ) : state === 'failed' ? (
            <>
              <Alert tone="error">{t('security:enrol.continueFailed')}</Alert>
              <button type="button" className="btn btn--primary" onClick={proceed}>
                {t('security:enrol.retry')}
              </button>
            </>
          ) : (
            <TwoFactorSettings onDone={proceed} />
          )}
          <button
            type="button"
            className="btn btn--secondary enrol-two-factor__sign-out"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut().finally(() => setSigningOut(false));
            }}
          >
            {t('security:enrol.signOut')}
          </button>
        </main>
      </div>
    </ToastProvider>
  );
}
