import { ResetPasswordBody } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { confirmCheck } from '../../../components/form/confirm-check';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PublicLayout } from '../../../components/layout/public-layout';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useResetPassword } from '../api/reset-password';
import '../auth.css';
import { AuthCard } from '../components/auth-card';
import { ALL_NS } from '../../../locales/resources';

type ResetForm = { password: string; confirmPassword: string };

export function ResetPasswordPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:reset.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const reset = useResetPassword();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<ResetForm, typeof ResetPasswordBody>(ResetPasswordBody, {
    defaultValues: { password: '', confirmPassword: '' },
    toBody: ({ password }) => ({ token, password }),
    check: confirmCheck<ResetForm>('password', 'confirmPassword', 'auth:reset.mismatch'),
  });

  const linkUsable = token.length >= 20;

  const onSubmit = (body: { token: string; password: string }) => {
    if (reset.isPending) return;
    reset.mutate(body, {
      onSuccess: () => navigate('/login', { replace: true, state: { passwordReset: true } }),
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const badToken = reset.error instanceof ApiError && (reset.error.code === 'INVALID_RESET_TOKEN' || reset.error.details.some((d) => d.path === 'token'));
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
          <Form form={form} onSubmit={onSubmit} busy={reset.isPending}>
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
            <PasswordField name="password" label={t('auth:reset.password')} autoComplete="new-password" required testId="reset-password" />
            <PasswordField name="confirmPassword" label={t('auth:reset.confirm')} autoComplete="new-password" required testId="reset-confirm" />
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={reset.isPending} data-testid="reset-submit">
              {reset.isPending ? t('auth:reset.submitting') : t('auth:reset.submit')}
            </button>
          </Form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
