import { ChangePasswordBody } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { confirmCheck } from '../../../components/form/confirm-check';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password';
import { passwordStrength } from '../lib/password-strength';

type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirm; the new one at least 8 characters (the contract's rule), with a strength hint. */
export function ChangePasswordForm() {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const change = useChangePassword();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<PasswordForm, typeof ChangePasswordBody>(ChangePasswordBody, {
    defaultValues: EMPTY,
    toBody: ({ confirmPassword: _confirm, ...body }) => body,
    check: confirmCheck<PasswordForm>('newPassword', 'confirmPassword', 'profile:password.mismatch'),
  });
  const next = form.watch('newPassword');
  const strength = passwordStrength(next);

  const onSubmit = (body: ChangePasswordInput) => {
    if (change.isPending) return;
    change.mutate(body, {
      onSuccess: () => {
        toast.success(t('profile:password.success'));
        form.reset(EMPTY);
        change.reset();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        // A wrong current password belongs to that field.
        if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
          form.setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        setAttempts((n) => n + 1);
      },
    });
  };

  return (
    <Form form={form} onSubmit={onSubmit} busy={change.isPending} className="password-form">
      {change.isError ? (
        <Alert tone="error" shake={attempts} testId="password-error">
          {describe(change.error, { fallback: t('profile:password.failed') })}
        </Alert>
      ) : null}
      <PasswordField name="currentPassword" label={t('profile:password.current')} autoComplete="current-password" required testId="password-current" />
      <PasswordField
        name="newPassword"
        label={t('profile:password.new')}
        autoComplete="new-password"
        required
        testId="password-new"
        hint={
          next ? (
            <span className={`strength strength--${strength}`} data-testid="password-strength">
              <span className="strength__bar" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              {t('profile:password.strength', { level: t(`profile:password.${strength}`) })}
            </span>
          ) : (
            t('profile:password.description')
          )
        }
      />
      <PasswordField name="confirmPassword" label={t('profile:password.confirm')} autoComplete="new-password" required testId="password-confirm" />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={change.isPending} data-testid="password-submit">
          {change.isPending ? t('profile:password.submitting') : t('profile:password.submit')}
        </button>
      </div>
    </Form>
  );
}
