import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useSession } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { LoginForm } from '../components/login-form';
import { ALL_NS } from '../../../locales/resources';

type LoginState = { from?: unknown; registered?: boolean; passwordReset?: boolean } | null;

export function LoginPage() {
  const { t } = useTranslation(ALL_NS);
  const { reason } = useSession();
  const state = useLocation().state as LoginState;
  useDocumentTitle(t('auth:login.pageTitle'));

  let note: string | null = null;
  if (state?.registered) note = t('auth:login.registered');
  else if (state?.passwordReset) note = t('auth:login.passwordReset');
  const sessionEnded = !note && reason === 'expired' && Boolean(state?.from);

  return (
    <PublicLayout narrow hideSignIn>
      <AuthCard
        title={t('auth:login.title')}
        subtitle={t('auth:login.subtitle')}
        footer={
          <p>
            {t('auth:login.noAccount')}{' '}
            <Link to="/register" className="link link--strong" data-testid="join-link">
              {t('auth:login.join')}
            </Link>
          </p>
        }
      >
        {note ? (
          <Alert tone="success" testId="login-note">
            {note}
          </Alert>
        ) : null}
        {sessionEnded ? (
          <Alert tone="info" testId="login-note">
            {t('auth:login.sessionEnded')}
          </Alert>
        ) : null}
        <LoginForm />
        <GoogleButton />
      </AuthCard>
    </PublicLayout>
  );
}
