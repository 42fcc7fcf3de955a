import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { GoogleIcon } from '../../../components/icons/google';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { GOOGLE_FLOW_KEY, useGoogleSignInConfig, useStartGoogleSignIn } from '../api/google';

/**
 * "Continue With Google" (OpenID Connect): shown only when the operator configured a client id. The flow's id stays
 * in this tab while the browser visits Google; the callback page finishes the sign-in with it.
 */
export function GoogleButton() {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const config = useGoogleSignInConfig();
  const start = useStartGoogleSignIn();
  if (!config.data?.enabled) return null;
  const busy = start.isPending || start.isSuccess;
  const onClick = () =>
    start.mutate(undefined, {
      onSuccess: ({ flowId, authorizationUrl }) => {
        sessionStorage.setItem(GOOGLE_FLOW_KEY, flowId);
        window.location.assign(authorizationUrl);
      },
    });
  return (
    <div className="google-signin">
      <div className="divider" role="separator">
        <span>{t('auth:or')}</span>
      </div>
      {start.isError ? (
        <Alert tone="error" testId="google-error">
          {describe(start.error, { fallback: t('auth:google.failed') })}
        </Alert>
      ) : null}
      <button type="button" className="btn btn--secondary btn--block" onClick={onClick} disabled={busy} aria-busy={busy} data-testid="google-button">
        <GoogleIcon size={18} />
        {busy ? t('auth:google.redirecting') : t('auth:google.button')}
      </button>
    </div>
  );
}
