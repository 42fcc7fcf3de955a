import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { PasswordInput } from '../../../components/password-input';
import { useSession } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useLogin } from '../api/login';
import { ALL_NS } from '../../../locales/resources';

export function LoginForm() {
  const { t } = useTranslation(ALL_NS);
  const { signIn } = useSession();
  const { describe, fields } = useErrorText();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attempts, setAttempts] = useState(0);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (login.isPending) return;
    login.mutate(
      { email, password },
      {
        // The guest-only route sends the user on (to the page they asked for, else /dashboard).
        onSuccess: (data) => signIn(data.token, data.user),
        onError: () => setAttempts((n) => n + 1),
      },
    );
  };

  const fieldErrors = login.isError ? fields(login.error) : {};
  const busy = login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="form" aria-busy={busy}>
      {login.isError ? (
        <Alert tone="error" shake={attempts} testId="login-error">
          {describe(login.error, { fallback: t('auth:login.failed') })}
        </Alert>
      ) : null}
      <Field label={t('auth:login.email')} error={fieldErrors.email} required>
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
            placeholder={t('auth:login.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            data-testid="login-email"
          />
        )}
      </Field>
      <Field label={t('auth:login.password')} error={fieldErrors.password} required>
        {(p) => (
          <PasswordInput
            {...p}
            name="password"
            autoComplete="current-password"
            placeholder={t('auth:login.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            data-testid="login-password"
            toggleTestId="login-password-toggle"
          />
        )}
      </Field>
      <div className="form__row-end">
        <Link to="/forgot-password" className="link" data-testid="forgot-password-link">
          {t('auth:login.forgot')}
        </Link>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="login-submit">
        {busy ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </form>
  );
}
