import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { useErrorText } from '../../../lib/use-error-text';
import { useUser } from '../../../lib/auth/session';
import { MyDataRights } from './my-data-rights';

/**
 * Settings → Privacy: whether trainers see the person's phone and email, and their marketing choice. Each switch
 * saves at once on the server (auth.user_privacy_changed tells the services that act on it).
 */
export function PrivacyTab() {
  const { t } = useTranslation(['gymsettings', 'settings']);
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();
  const { describe } = useErrorText();
  const user = useUser();
  const save = (patch: { contactVisibleToTrainers?: boolean; marketingConsent?: boolean }) =>
    update.mutate(patch, { onSuccess: () => toast.success(t('gymsettings:saved')) });
  return (
    <>
      <section className="settings-section" data-testid="privacy-settings">
        <h3 className="section-heading">{t('settings:privacy.title')}</h3>
        <p className="text-muted">{t('settings:privacy.description')}</p>
        {prefs.isPending ? (
          <LoadingState title={t('gymsettings:loading')} />
        ) : prefs.isError ? (
          <ErrorState error={prefs.error} title={t('gymsettings:loadFailed')} onRetry={() => void prefs.refetch()} retrying={prefs.isFetching} />
        ) : (
          <div className="form">
            <label className="gym-switch">
              <input
                type="checkbox"
                role="switch"
                checked={prefs.data.contactVisibleToTrainers}
                disabled={update.isPending}
                onChange={(e) => save({ contactVisibleToTrainers: e.target.checked })}
                data-testid="privacy-contact"
              />
              <span>
                <strong>{t('gymsettings:privacy.contact')}</strong>
                <span className="field__hint">{t('gymsettings:privacy.contactHint')}</span>
              </span>
            </label>
            <label className="gym-switch">
              <input
                type="checkbox"
                role="switch"
                checked={prefs.data.marketingConsent}
                disabled={update.isPending}
                onChange={(e) => save({ marketingConsent: e.target.checked })}
                data-testid="privacy-marketing"
              />
              <span>
                <strong>{t('gymsettings:privacy.marketing')}</strong>
                <span className="field__hint">{t('gymsettings:privacy.marketingHint')}</span>
              </span>
            </label>
            {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
          </div>
        )}
      </section>
      <MyDataRights isMember={user.role === 'member'} />
    </>
  );
}
