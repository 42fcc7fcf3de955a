import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useSecurityPolicy, useUpdateSecurityPolicy } from '../api/security-policy';

/** Settings → Security, owners only: require two-factor sign-in for every admin and trainer of the gym. */
export function SecurityPolicySettings() {
  const { t } = useTranslation(['security']);
  const user = useUser();
  const owner = user.role === 'owner';
  const policy = useSecurityPolicy(owner);
  const save = useUpdateSecurityPolicy();
  const toast = useToast();
  const { describe } = useErrorText();
  if (!owner) return null;
  return (
    <section className="settings-section" aria-labelledby="security-policy-title" data-testid="security-policy">
      <h3 className="section-heading" id="security-policy-title">
        {t('security:policy.title')}
      </h3>
      <p className="text-muted">{t('security:policy.description')}</p>
      {policy.isPending ? (
        <LoadingState title={t('security:policy.loading')} />
      ) : policy.isError ? (
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      ) : (
        <label className="notification-prefs__switch">
          <input
            type="checkbox"
            role="switch"
            checked={save.isPending && save.variables ? save.variables.requireTwoFactorForStaff : policy.data.requireTwoFactorForStaff}
            disabled={save.isPending}
            onChange={(e) =>
              save.mutate(
                { requireTwoFactorForStaff: e.target.checked },
                { onSuccess: (d) => toast.success(t(d.requireTwoFactorForStaff ? 'security:policy.on' : 'security:policy.off')) },
              )
            }
            data-testid="security-policy-toggle"
          />
          <span className="notification-prefs__name">{t('security:policy.require')}</span>
        </label>
      )}
      {save.isError ? <Alert tone="error">{describe(save.error)}</Alert> : null}
    </section>
  );
}
