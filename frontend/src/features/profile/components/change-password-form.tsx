import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { PasswordInput } from '../../../components/password-input';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/use-error-text';
import { useChangePassword } from '../api/change-password';
import { passwordProblem, passwordStrength } from '../lib/password-strength';
import { ALL_NS } from '../../../locales/resources';

const EMPTY = { current: '', next: '', confirm: '' };

/** Current, new and confirm; new and confirm must match and be at least 8 characters, with a strength hint. */
export function ChangePasswordForm() {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe, fields } = useErrorText();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [attempts, setAttempts] = useState(0);

  const problem = passwordProblem(form.next, form.confirm);
  const mismatch = form.confirm !== '' && form.next !== form.confirm;
  const tooShort = (submitted || form.confirm !== '') && problem === 'tooShort' && form.next !== '';
  const strength = passwordStrength(form.next);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (change.isPending || problem) return;
    change.mutate(
      { currentPassword: form.current, newPassword: form.next },
      {
        onSuccess: () => {
          toast.success(t('profile:password.success'));
          setForm(EMPTY);
          setSubmitted(false);
          change.reset();
        },
        onError: () => setAttempts((n) => n + 1),
      },
    );
  };

  const errs = change.isError ? fields(change.error) : {};
  const wrongCurrent = change.error instanceof ApiError && change.error.code === 'WRONG_PASSWORD';
  return (
    <form onSubmit={onSubmit} noValidate className="form password-form" aria-busy={change.isPending}>
      {change.isError ? (
        <Alert tone="error" shake={attempts} testId="password-error">
          {describe(change.error, { fallback: t('profile:password.failed') })}
        </Alert>
      ) : null}
      <Field label={t('profile:password.current')} error={errs.currentPassword ?? (wrongCurrent ? describe(change.error) : null)} required>
        {(p) => (
          <PasswordInput
            {...p}
            name="currentPassword"
            autoComplete="current-password"
            value={form.current}
            onChange={(e) => setForm((f) => ({ ...f, current: e.target.value }))}
            data-testid="password-current"
          />
        )}
      </Field>
      <Field
        label={t('profile:password.new')}
        error={errs.newPassword ?? (tooShort ? t('profile:password.tooShort') : null)}
        hint={
          form.next ? (
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
        required
      >
        {(p) => (
          <PasswordInput
            {...p}
            name="newPassword"
            autoComplete="new-password"
            value={form.next}
            onChange={(e) => setForm((f) => ({ ...f, next: e.target.value }))}
            data-testid="password-new"
          />
        )}
      </Field>
      <Field label={t('profile:password.confirm')} error={mismatch ? t('profile:password.mismatch') : null} required>
        {(p) => (
          <PasswordInput
            {...p}
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirm}
            onChange={(e) => setForm((f) => ({ ...f, confirm: e.target.value }))}
            data-testid="password-confirm"
          />
        )}
      </Field>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={change.isPending || mismatch || !form.current || !form.next} data-testid="password-submit">
          {change.isPending ? t('profile:password.submitting') : t('profile:password.submit')}
        </button>
      </div>
    </form>
  );
}
