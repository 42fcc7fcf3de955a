import { LoginBody } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useLogin, type LoginInput } from '../api/login';
import { useSendSmsSignInCode } from '../api/sms-code';

type LoginForm = { email: string; password: string; twoFactorCode: string };

export function LoginForm() {
  const { t } = useTranslation(ALL_NS);
  const { signIn } = useSession();
  const { describe } = useErrorText();
  const login = useLogin();
  const [attempts, setAttempts] = useState(0);
  // Asked for once the server says the account signs in with a second step (401 TWO_FACTOR_REQUIRED).
  const [needsCode, setNeedsCode] = useState(false);
  // The account's second steps (the 401 names them): with "sms", the form offers "Send code by SMS".
  const [methods, setMethods] = useState<string[]>([]);
  const sms = useSendSmsSignInCode();
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [resendAt, now]);
  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const sendSms = () => {
    if (sms.isPending || waitSeconds > 0) return;
    const { email, password } = form.getValues();
    sms.mutate(
      { email, password },
      {
        onSuccess: (data) => {
          setResendAt(Date.now() + data.resendAfterSeconds * 1000);
          setNow(Date.now());
          window.setTimeout(() => form.setFocus('twoFactorCode'), 0);
        },
        onError: (error) => {
          // A 429 says when another code may be asked for.
          const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : null;
          if (retryAfterMs) {
            setResendAt(Date.now() + retryAfterMs);
            setNow(Date.now());
          }
        },
      },
    );
  };
  const form = useContractForm<LoginForm, typeof LoginBody>(LoginBody, {
    defaultValues: { email: '', password: '', twoFactorCode: '' },
    toBody: ({ twoFactorCode, ...v }) => (twoFactorCode.trim() ? { ...v, twoFactorCode: twoFactorCode.trim() } : v),
  });

  const onSubmit = (body: LoginInput) => {
    if (login.isPending) return;
    login.mutate(body, {
      // The guest-only route sends the user on (to the page they asked for, else /dashboard).
      onSuccess: (data) => signIn(data.token, data.user),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
          setNeedsCode(true);
          setMethods(error.details.find((d) => d.path === 'twoFactorMethods')?.message.split(' ') ?? ['totp']);
          // The code field appears below the password; the browser's one-time-code autofill can fill it.
          window.setTimeout(() => form.setFocus('twoFactorCode'), 0);
        }
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const busy = login.isPending;
  return (
    <Form form={form} onSubmit={onSubmit} busy={busy}>
      {login.isError ? (
        <Alert tone="error" shake={attempts} testId="login-error">
          {describe(login.error, { fallback: t('auth:login.failed') })}
        </Alert>
      ) : null}
      <EmailField name="email" label={t('auth:login.email')} placeholder={t('auth:login.emailPlaceholder')} required testId="login-email" />
      <PasswordField
        name="password"
        label={t('auth:login.password')}
        autoComplete="current-password"
        placeholder={t('auth:login.passwordPlaceholder')}
        required
        testId="login-password"
        toggleTestId="login-password-toggle"
      />
      {needsCode ? (
        <TextField
          name="twoFactorCode"
          label={t('auth:login.twoFactorCode')}
          hint={methods.includes('sms') ? t('auth:login.twoFactorHintSms') : t('auth:login.twoFactorHint')}
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={11}
          required
          testId="login-two-factor-code"
        />
      ) : null}
      {needsCode && methods.includes('sms') ? (
        <div className="login-sms">
          <button type="button" className="btn btn--secondary" onClick={sendSms} disabled={sms.isPending || waitSeconds > 0} data-testid="login-send-sms">
            {sms.isPending ? t('auth:login.smsSending') : waitSeconds > 0 ? t('auth:login.smsResendIn', { seconds: waitSeconds }) : t('auth:login.smsSend')}
          </button>
          {sms.isSuccess ? (
            <span className="login-sms__note" role="status" data-testid="login-sms-sent">
              {t('auth:login.smsSent', { phone: sms.data.phone })}
            </span>
          ) : null}
          {sms.isError ? (
            <span className="login-sms__note" role="alert" data-testid="login-sms-error">
              {describe(sms.error, { fallback: t('auth:login.smsFailed') })}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="form__row-end">
        <Link to="/forgot-password" className="link" data-testid="forgot-password-link">
          {t('auth:login.forgot')}
        </Link>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="login-submit">
        {busy ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </Form>
  );
}
