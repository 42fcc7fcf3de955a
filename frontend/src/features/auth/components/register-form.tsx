import type { RegisterBody } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { PasswordInput } from '../../../components/password-input';
import { useErrorText } from '../../../lib/use-error-text';
import { useRegister, type RegisterInput } from '../api/register';
import { RolePicker } from './role-picker';
import { ALL_NS } from '../../../locales/resources';

type Role = RegisterBody['role'];

export function RegisterForm() {
  const { t } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const { describe, fields } = useErrorText();
  const register = useRegister();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', phone: '', password: '', gymCode: '', gymName: '', city: '' });
  const [role, setRole] = useState<Role>('member');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [attempts, setAttempts] = useState(0);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (register.isPending) return;
    const local: Record<string, string> = {};
    if (role === 'admin') {
      if (form.gymName.trim() && form.gymName.trim().length < 2) local.gymName = t('errors:fields.minTwo');
      if (form.city.trim() && form.city.trim().length < 2) local.city = t('errors:fields.minTwo');
    }
    setLocalErrors(local);
    if (Object.keys(local).length) {
      setAttempts((n) => n + 1);
      return;
    }
    const body: RegisterInput = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      password: form.password,
      role,
      ...(role === 'admin' ? { gymName: form.gymName.trim() || undefined, city: form.city.trim() || undefined } : { gymCode: form.gymCode }),
    };
    register.mutate(body, {
      onSuccess: () => navigate('/login', { state: { registered: true } }),
      onError: () => setAttempts((n) => n + 1),
    });
  };

  const errs = { ...(register.isError ? fields(register.error) : {}), ...localErrors };
  const busy = register.isPending;
  const showError = register.isError && Object.keys(localErrors).length === 0;
  return (
    <form onSubmit={onSubmit} noValidate className="form" aria-busy={busy}>
      {showError ? (
        <Alert tone="error" shake={attempts} testId="register-error">
          {describe(register.error, {
            fallback: t('auth:register.failed'),
            statusFallback: (status) => t('auth:register.failedStatus', { status }),
            networkWithMessage: true,
          })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <Field label={t('auth:register.firstName')} error={errs.firstName} required>
          {(p) => (
            <input
              {...p}
              className="input"
              name="firstName"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
              required
              data-testid="register-first-name"
            />
          )}
        </Field>
        <Field label={t('auth:register.lastName')} error={errs.lastName} required>
          {(p) => (
            <input
              {...p}
              className="input"
              name="lastName"
              autoComplete="family-name"
              value={form.lastName}
              onChange={set('lastName')}
              required
              data-testid="register-last-name"
            />
          )}
        </Field>
      </div>
      <Field label={t('auth:register.email')} error={errs.email} required>
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
            value={form.email}
            onChange={set('email')}
            required
            data-testid="register-email"
          />
        )}
      </Field>
      <Field label={t('auth:register.phone')} error={errs.phone} required>
        {(p) => (
          <input
            {...p}
            className="input"
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('auth:register.phonePlaceholder')}
            value={form.phone}
            onChange={set('phone')}
            required
            data-testid="register-phone"
          />
        )}
      </Field>
      <RolePicker value={role} onChange={setRole} />
      {role === 'admin' ? (
        <>
          <p className="form__note">{t('auth:register.trialNote')}</p>
          <div className="form__grid">
            <Field label={t('auth:register.gymName')} hint={t('auth:register.gymNameHint')} error={errs.gymName} optional>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  name="gymName"
                  autoComplete="organization"
                  value={form.gymName}
                  onChange={set('gymName')}
                  data-testid="register-gym-name"
                />
              )}
            </Field>
            <Field label={t('auth:register.city')} error={errs.city} optional>
              {(p) => (
                <input
                  {...p}
                  className="input"
                  name="city"
                  autoComplete="address-level2"
                  value={form.city}
                  onChange={set('city')}
                  data-testid="register-city"
                />
              )}
            </Field>
          </div>
        </>
      ) : (
        <Field label={t('auth:register.gymCode')} hint={t('auth:register.gymCodeHint')} error={errs.gymCode} required>
          {(p) => (
            <input
              {...p}
              className="input input--code"
              name="gymCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={form.gymCode}
              onChange={set('gymCode')}
              required
              data-testid="register-gym-code"
            />
          )}
        </Field>
      )}
      <Field label={t('auth:register.password')} hint={t('auth:register.passwordHint')} error={errs.password} required>
        {(p) => (
          <PasswordInput
            {...p}
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            required
            minLength={8}
            data-testid="register-password"
            toggleTestId="register-password-toggle"
          />
        )}
      </Field>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="register-submit">
        {busy ? t('auth:register.submitting') : t('auth:register.submit')}
      </button>
    </form>
  );
}
