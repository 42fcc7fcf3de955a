import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useForgotPassword } from '../api/forgot-password';
import '../auth.css';
import { AuthCard } from '../components/auth-card';
import { ALL_NS } from '../../../locales/resources';

export function ForgotPasswordPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:forgot.pageTitle'));
  const { describe, fields } = useErrorText();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email.trim()),
      onError: () => setAttempts((n) => n + 1),
    });
  };

  const errs = forgot.isError ? fields(forgot.error) : {};
  return (
    <PublicLayout narrow>
      <AuthCard
        title={t('auth:forgot.title')}
        subtitle={t('auth:forgot.subtitle')}
        footer={
          <Link to="/login" className="link link--strong">
            {t('auth:forgot.back')}
          </Link>
        }
      >
        {sentTo ? (
          <Alert tone="success" testId="forgot-sent">
            {t('auth:forgot.sent', { email: sentTo })}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="form" aria-busy={forgot.isPending}>
            {forgot.isError ? (
              <Alert tone="error" shake={attempts} testId="forgot-error">
                {describe(forgot.error)}
              </Alert>
            ) : null}
            <Field label={t('auth:forgot.email')} error={errs.email} required>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  autoCapitalize="off"
                  spellCheck={false}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  data-testid="forgot-email"
                />
              )}
            </Field>
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={forgot.isPending} data-testid="forgot-submit">
              {forgot.isPending ? t('auth:forgot.submitting') : t('auth:forgot.submit')}
            </button>
          </form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
