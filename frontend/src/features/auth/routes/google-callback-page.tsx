import { GoogleCallbackBody, GoogleLinkBody, type GoogleCallbackResult } from '@akhada/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PublicLayout } from '../../../components/layout/public-layout';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { confirmGoogleLink, finishGoogleSignIn, GOOGLE_FLOW_KEY } from '../api/google';
import '../auth.css';
import { AuthCard } from '../components/auth-card';

/** A flow is good once: the callback is posted once per page load, even when the effect runs twice. */
const posted = new Map<string, Promise<GoogleCallbackResult>>();

type CodeForm = { twoFactorCode: string };
type LinkForm = { password: string; twoFactorCode: string };

/**
 * Google sends the browser back here (code and state in the query). The server checks them against the flow this tab
 * started; the account signs in (after its second step, when it has one), or registration continues prefilled. The
 * email of a password account Google is not linked to yet asks "Confirm it's you": the account's password (and its
 * code, when it has two-factor on) links Google and signs in.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:google.callbackPageTitle'));
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const [flowId] = useState(() => sessionStorage.getItem(GOOGLE_FLOW_KEY) ?? '');
  const [error, setError] = useState<unknown>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [link, setLink] = useState<{ ticket: string; email: string } | null>(null);
  // The form's resolver keeps its first options: it reads the ticket from here, not from the render it was made in.
  const ticket = useRef('');
  const [linkNeedsCode, setLinkNeedsCode] = useState(false);

  const done = (result: GoogleCallbackResult) => {
    sessionStorage.removeItem(GOOGLE_FLOW_KEY);
    if (result.outcome === 'signed-in') signIn(result.token, result.user);
    else if (result.outcome === 'confirm-link') {
      ticket.current = result.linkTicket;
      setLink({ ticket: result.linkTicket, email: result.email });
    } else navigate('/register', { replace: true, state: { prefill: result.prefill } });
  };

  useEffect(() => {
    const query = window.location.search;
    if (!flowId) {
      setError(new ApiError({ kind: 'http', status: 400, code: 'GOOGLE_STATE_MISMATCH', message: 'Unknown Google sign-in' }));
      return;
    }
    let call = posted.get(flowId);
    if (!call) {
      call = finishGoogleSignIn({ flowId, query });
      posted.set(flowId, call);
    }
    let live = true;
    call.then(
      (result) => live && done(result),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED') setNeedsCode(true);
        else setError(err);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load
  }, [flowId]);

  const form = useContractForm<CodeForm, typeof GoogleCallbackBody>(GoogleCallbackBody, {
    defaultValues: { twoFactorCode: '' },
    toBody: ({ twoFactorCode }) => ({ flowId, twoFactorCode: twoFactorCode.trim() }),
  });
  const linkForm = useContractForm<LinkForm, typeof GoogleLinkBody>(GoogleLinkBody, {
    defaultValues: { password: '', twoFactorCode: '' },
    toBody: ({ password, twoFactorCode }) => ({
      linkTicket: ticket.current,
      password,
      ...(twoFactorCode.trim() ? { twoFactorCode: twoFactorCode.trim() } : {}),
    }),
  });
  const onLink = (body: { linkTicket: string; password: string; twoFactorCode?: string | undefined }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    confirmGoogleLink(body).then(
      (session) => signIn(session.token, session.user),
      (err: unknown) => {
        setBusy(false);
        // The password was right; the account signs in with a second step: the same form asks for its code too.
        if (err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED') {
          setLinkNeedsCode(true);
          return;
        }
        // A wrong password shows on its field; anything else (locked, expired) above the form.
        if (applyServerErrors(linkForm, err) > 0) return;
        setAttempts((n) => n + 1);
        setError(err);
      },
    );
  };

  const onSubmit = (body: { flowId: string; twoFactorCode?: string | undefined }) => {
    if (busy) return;
    setBusy(true);
    finishGoogleSignIn(body).then(done, (err: unknown) => {
      setBusy(false);
      applyServerErrors(form, err);
      setAttempts((n) => n + 1);
      setError(err);
    });
  };

  const back = (
    <Link to="/login" className="link link--strong" data-testid="google-back">
      {t('auth:google.backToLogin')}
    </Link>
  );
  return (
    <PublicLayout narrow>
      <AuthCard
        title={link ? t('auth:google.linkTitle') : needsCode ? t('auth:google.codeTitle') : t('auth:google.callbackTitle')}
        subtitle={link ? t('auth:google.linkSubtitle') : needsCode ? t('auth:google.codeSubtitle') : undefined}
        footer={back}
      >
        {error ? (
          <Alert tone="error" shake={attempts} testId="google-callback-error">
            {describe(error, { fallback: t('auth:google.failed') })}
          </Alert>
        ) : null}
        {link ? (
          <Form form={linkForm} onSubmit={onLink} busy={busy} testId="google-link">
            <p className="text-muted" data-testid="google-link-email">
              {t('auth:google.linkAccount', { email: link.email })}
            </p>
            <PasswordField name="password" label={t('auth:google.linkPassword')} autoComplete="current-password" required testId="google-link-password" />
            {linkNeedsCode ? (
              <TextField
                name="twoFactorCode"
                label={t('auth:login.twoFactorCode')}
                hint={t('auth:login.twoFactorHint')}
                autoComplete="one-time-code"
                inputMode="text"
                maxLength={11}
                required
                testId="google-link-code"
              />
            ) : null}
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="google-link-submit">
              {busy ? t('auth:google.linking') : t('auth:google.linkSubmit')}
            </button>
          </Form>
        ) : needsCode ? (
          <Form form={form} onSubmit={onSubmit} busy={busy}>
            <TextField
              name="twoFactorCode"
              label={t('auth:login.twoFactorCode')}
              hint={t('auth:login.twoFactorHint')}
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={11}
              required
              testId="google-two-factor-code"
            />
            <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="google-two-factor-submit">
              {busy ? t('auth:google.continuing') : t('auth:google.continue')}
            </button>
          </Form>
        ) : !error ? (
          <p className="google-signin__working" role="status" data-testid="google-callback-working">
            {t('auth:google.working')}
          </p>
        ) : null}
      </AuthCard>
    </PublicLayout>
  );
}
