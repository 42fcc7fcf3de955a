import { RegisterBody } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { optionalText } from '../../../components/form/form-values';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useRegister, type RegisterInput } from '../api/register';
import { RolePicker } from './role-picker';

type RegisterForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  role: RegisterBody['role'];
  gymCode: string;
  gymName: string;
  city: string;
};

/** A member or trainer joins a gym with its code; a gym admin opens a new gym (name and city optional). */
function toBody({ gymCode, gymName, city, ...v }: RegisterForm): RegisterInput {
  return v.role === 'admin' ? { ...v, gymName: optionalText(gymName), city: optionalText(city) } : { ...v, gymCode };
}

export function RegisterForm() {
  const { t } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const register = useRegister();
  const [attempts, setAttempts] = useState(0);
  // After a Google sign-in of an email no account has: the name and email Google gave, to finish registering.
  const prefill = (useLocation().state as { prefill?: { email: string; firstName: string; lastName: string } } | null)?.prefill;
  const form = useContractForm<RegisterForm, typeof RegisterBody>(RegisterBody, {
    defaultValues: {
      firstName: prefill?.firstName ?? '',
      lastName: prefill?.lastName ?? '',
      email: prefill?.email ?? '',
      phone: '',
      password: '',
      role: 'member',
      gymCode: '',
      gymName: '',
      city: '',
    },
    toBody,
  });
  const role = form.watch('role');

  const onSubmit = (body: RegisterInput) => {
    if (register.isPending) return;
    register.mutate(body, {
      onSuccess: () => navigate('/login', { state: { registered: true } }),
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const busy = register.isPending;
  return (
    <Form form={form} onSubmit={onSubmit} busy={busy}>
      {register.isError ? (
        <Alert tone="error" shake={attempts} testId="register-error">
          {describe(register.error, {
            fallback: t('auth:register.failed'),
            statusFallback: (status) => t('auth:register.failedStatus', { status }),
            networkWithMessage: true,
          })}
        </Alert>
      ) : null}
      {prefill ? (
        <Alert tone="info" testId="register-prefilled">
          {t('auth:register.prefilledFromGoogle')}
        </Alert>
      ) : null}
      <div className="form__grid">
        <TextField name="firstName" label={t('auth:register.firstName')} autoComplete="given-name" maxLength={50} required testId="register-first-name" />
        <TextField name="lastName" label={t('auth:register.lastName')} autoComplete="family-name" maxLength={50} required testId="register-last-name" />
      </div>
      <EmailField name="email" label={t('auth:register.email')} required testId="register-email" />
      <PhoneField name="phone" label={t('auth:register.phone')} placeholder={t('auth:register.phonePlaceholder')} required testId="register-phone" />
      <RolePicker value={role} onChange={(r) => form.setValue('role', r)} />
      {role === 'admin' ? (
        <>
          <p className="form__note">{t('auth:register.trialNote')}</p>
          <div className="form__grid">
            <TextField
              name="gymName"
              label={t('auth:register.gymName')}
              hint={t('auth:register.gymNameHint')}
              autoComplete="organization"
              maxLength={100}
              optional
              testId="register-gym-name"
            />
            <TextField name="city" label={t('auth:register.city')} autoComplete="address-level2" maxLength={100} optional testId="register-city" />
          </div>
        </>
      ) : (
        <TextField
          name="gymCode"
          label={t('auth:register.gymCode')}
          hint={t('auth:register.gymCodeHint')}
          className="input--code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          required
          testId="register-gym-code"
        />
      )}
      <PasswordField
        name="password"
        label={t('auth:register.password')}
        hint={t('auth:register.passwordHint')}
        autoComplete="new-password"
        required
        testId="register-password"
        toggleTestId="register-password-toggle"
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="register-submit">
        {busy ? t('auth:register.submitting') : t('auth:register.submit')}
      </button>
    </Form>
  );
}
