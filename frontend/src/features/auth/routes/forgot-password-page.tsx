import { ForgotPasswordBody } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
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
  const { describe } = useErrorText();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<{ email: string }, typeof ForgotPasswordBody>(ForgotPasswordBody, { defaultValues: { email: '' }, toBody: (v) => v });

  const onSubmit = ({ email }: { email: string }) => {
    if (forgot.isPending) return;
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

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
          <Form form={form} onSubmit={onSubmit} busy={forgot.isPending}>
            {forgot.isError ? (
              <Alert tone="error" shake={attempts} testId="forgot-error">
                {describe(forgot.error)}
              </Alert>
            ) : null}
            <EmailField name="email" label={t('auth:forgot.email')} required testId="forgot-email" />
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={forgot.isPending} data-testid="forgot-submit">
              {forgot.isPending ? t('auth:forgot.submitting') : t('auth:forgot.submit')}
            </button>
          </Form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
