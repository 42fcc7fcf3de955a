import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { PublicLayout } from '../../../components/layout/public-layout';
import { PasswordInput } from '../../../components/password-input';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useResetPassword } from '../api/reset-password';
import '../auth.css';
import { AuthCard } from '../components/auth-card';
import { ALL_NS } from '../../../locales/resources';

export function ResetPasswordPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:reset.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { describe, fields } = useErrorText();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempts, setAttempts] = useState(0);
  const [mismatch, setMismatch] = useState(false);

  const linkUsable = token.length >= 20;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (reset.isPending) return;
    if (password !== confirm) {
      setMismatch(true);
      setAttempts((n) => n + 1);
      return;
    }
    setMismatch(false);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/login', { replace: true, state: { passwordReset: true } }),
        onError: () => setAttempts((n) => n + 1),
      },
    );
  };

  const errs = reset.isError ? fields(reset.error) : {};
  const badToken = reset.error instanceof ApiError && (reset.error.code === 'INVALID_RESET_TOKEN' || 'token' in errs);
  return (
    <PublicLayout narrow>
      <AuthCard
        title={t('auth:reset.title')}
        subtitle={linkUsable ? t('auth:reset.subtitle') : undefined}
        footer={
          <Link to="/login" className="link link--strong">
            {t('auth:reset.back')}
          </Link>
        }
      >
        {!linkUsable ? (
          <>
            <Alert tone="error" testId="reset-error">
              {t('auth:reset.invalidLink')}
            </Alert>
            <Link to="/forgot-password" className="btn btn--primary btn--block">
              {t('auth:reset.requestNew')}
            </Link>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="form" aria-busy={reset.isPending}>
            {reset.isError ? (
              <Alert tone="error" shake={attempts} testId="reset-error">
                {describe(reset.error)}{' '}
                {badToken ? (
                  <Link to="/forgot-password" className="link link--strong">
                    {t('auth:reset.requestNew')}
                  </Link>
                ) : null}
              </Alert>
            ) : null}
            <Field label={t('auth:reset.password')} error={errs.password} required>
              {(p) => (
                <PasswordInput
                  {...p}
                  name="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  minLength={8}
                  data-testid="reset-password"
                />
              )}
            </Field>
            <Field label={t('auth:reset.confirm')} error={mismatch ? t('auth:reset.mismatch') : null} required>
              {(p) => (
                <PasswordInput
                  {...p}
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  required
                  minLength={8}
                  data-testid="reset-confirm"
                />
              )}
            </Field>
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={reset.isPending} data-testid="reset-submit">
              {reset.isPending ? t('auth:reset.submitting') : t('auth:reset.submit')}
            </button>
          </form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
