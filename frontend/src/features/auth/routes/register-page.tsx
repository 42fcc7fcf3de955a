import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { RegisterForm } from '../components/register-form';
import { ALL_NS } from '../../../locales/resources';

export function RegisterPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:register.pageTitle'));
  return (
    <PublicLayout narrow hideSignUp>
      <AuthCard
        title={t('auth:register.title')}
        subtitle={t('auth:register.subtitle')}
        footer={
          <p>
            {t('auth:register.haveAccount')}{' '}
            <Link to="/login" className="link link--strong" data-testid="sign-in-link">
              {t('auth:register.signIn')}
            </Link>
          </p>
        }
      >
        <RegisterForm />
        <GoogleButton />
      </AuthCard>
    </PublicLayout>
  );
}
