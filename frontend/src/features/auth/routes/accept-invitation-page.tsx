import { AcceptInvitationBody } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { confirmCheck } from '../../../components/form/confirm-check';
import { Form } from '../../../components/form/form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PublicLayout } from '../../../components/layout/public-layout';
import { LoadingState } from '../../../components/spinner';
import { useSession } from '../../../lib/auth/session';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';
import '../auth.css';
import { AuthCard } from '../components/auth-card';

type AcceptForm = { password: string; confirmPassword: string };

/** A refused link (unknown, used, replaced by a newer one, expired): the server's reason, and where to go from here. */
const isRefusedLink = (error: unknown) => error instanceof ApiError && (error.code === 'INVALID_INVITATION' || error.details.some((d) => d.path === 'token'));

/**
 * /accept-invitation?token=… — a member or trainer added by staff sets their first password from the link in their
 * invitation mail, and is signed in: members land on their own page, trainers on the dashboard.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('auth:invitation.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkUsable = token.length >= 20 && token.length <= 200;
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { describe } = useErrorText();
  const preview = useInvitationPreview(token, linkUsable);
  const accept = useAcceptInvitation();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<AcceptForm, typeof AcceptInvitationBody>(AcceptInvitationBody, {
    defaultValues: { password: '', confirmPassword: '' },
    toBody: ({ password }) => ({ token, password }),
    check: confirmCheck<AcceptForm>('password', 'confirmPassword', 'auth:invitation.mismatch'),
  });

  const onSubmit = (body: { token: string; password: string }) => {
    if (accept.isPending) return;
    accept.mutate(body, {
      onSuccess: (data) => {
        signIn(data.token, data.user);
        navigate(data.user.role === 'member' ? '/dashboard/me' : '/dashboard', { replace: true });
      },
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const refused = !linkUsable || isRefusedLink(preview.error) || isRefusedLink(accept.error);
  let title = t('auth:invitation.title');
  let subtitle: string | undefined;
  if (preview.data && !refused) {
    title = t('auth:invitation.welcome', { firstName: preview.data.firstName });
    subtitle = t('auth:invitation.subtitle', { gym: preview.data.gymName });
  }

  let body;
  if (refused) {
    const reason = !linkUsable ? t('auth:invitation.invalidLink') : describe(isRefusedLink(accept.error) ? accept.error : preview.error);
    body = (
      <>
        <Alert tone="error" testId="invitation-error">
          {reason}
        </Alert>
        <p className="auth-card__subtitle">{t('auth:invitation.askGym')}</p>
        <Link to="/login" className="btn btn--secondary btn--block">
          {t('auth:invitation.toSignIn')}
        </Link>
      </>
    );
  } else if (preview.isPending) {
    body = <LoadingState title={t('auth:invitation.checking')} />;
  } else if (preview.isError) {
    body = <ErrorState error={preview.error} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />;
  } else {
    body = (
      <Form form={form} onSubmit={onSubmit} busy={accept.isPending}>
        {accept.isError ? (
          <Alert tone="error" shake={attempts} testId="invitation-error">
            {describe(accept.error)}
          </Alert>
        ) : null}
        <PasswordField name="password" label={t('auth:invitation.password')} autoComplete="new-password" required testId="invitation-password" />
        <PasswordField name="confirmPassword" label={t('auth:invitation.confirm')} autoComplete="new-password" required testId="invitation-confirm" />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={accept.isPending} data-testid="invitation-submit">
          {accept.isPending ? t('auth:invitation.submitting') : t('auth:invitation.submit')}
        </button>
      </Form>
    );
  }

  return (
    <PublicLayout narrow>
      <AuthCard
        title={title}
        subtitle={subtitle}
        footer={
          <p>
            {t('auth:invitation.haveAccount')}{' '}
            <Link to="/login" className="link link--strong">
              {t('auth:invitation.signIn')}
            </Link>
          </p>
        }
      >
        {body}
      </AuthCard>
    </PublicLayout>
  );
}
