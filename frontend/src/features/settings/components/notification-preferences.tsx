import { NotificationCategory, type MessageLanguage, type NotificationPreferences } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { LoadingState } from '../../../components/spinner';
import { ErrorState } from '../../../components/error-state';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useMessagingConsent, useNotificationSettings, useSaveMessagingConsent, useSaveNotificationSettings } from '../api/get-notification-settings';
import { ALL_NS } from '../../../locales/resources';

const CHANNELS = ['inApp', 'email', 'sms'] as const;
/** The spec: "Settings saved!" clears after 3 s. */
const SAVED_MS = 3000;

/** Settings → Notifications: six categories, each on or off with its channels, saved on the server. */
export function NotificationPreferencesTab() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { describe } = useErrorText();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (query.data && !draft) setDraft(query.data.notifications);
  }, [query.data, draft]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (query.isPending || (!draft && !query.isError)) return <LoadingState title={t('settings:notifications.loading')} />;
  if (query.isError || !draft)
    return <ErrorState error={query.error} title={t('settings:notifications.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;

  const change = (category: NotificationCategory, next: Partial<NotificationPreferences[NotificationCategory]>) => {
    setSaved(false);
    setDraft({ ...draft, [category]: { ...draft[category], ...next } });
  };
  const language: MessageLanguage = i18n.language === 'hi' ? 'hi' : 'en';

  return (
    <div className="form notification-prefs">
      <section className="settings-section">
        <h3 className="section-heading">{t('settings:notifications.title')}</h3>
        <p className="text-muted">{t('settings:notifications.description')}</p>
        <ul className="notification-prefs__list">
          {NotificationCategory.options.map((category) => {
            const pref = draft[category];
            const id = `pref-${category}`;
            return (
              <li key={category} className="notification-prefs__item" data-testid={`pref-${category}`}>
                <label className="notification-prefs__switch" htmlFor={id}>
                  <input
                    id={id}
                    type="checkbox"
                    role="switch"
                    checked={pref.enabled}
                    onChange={(e) => change(category, { enabled: e.target.checked })}
                    data-testid={`pref-${category}-enabled`}
                  />
                  <span className="notification-prefs__name">{t(`settings:notifications.categories.${category}`)}</span>
                </label>
                <p className="field__hint">{t(`settings:notifications.hints.${category}`)}</p>
                {pref.enabled ? (
                  <fieldset className="notification-prefs__channels">
                    <legend className="visually-hidden">
                      {t('settings:notifications.channelsOf', { category: t(`settings:notifications.categories.${category}`) })}
                    </legend>
                    {CHANNELS.map((channel) => (
                      <label key={channel} className="notification-prefs__channel">
                        <input
                          type="checkbox"
                          checked={pref.channels[channel]}
                          onChange={(e) => change(category, { channels: { ...pref.channels, [channel]: e.target.checked } })}
                          data-testid={`pref-${category}-${channel}`}
                        />
                        <span>{t(`settings:notifications.channels.${channel}`)}</span>
                      </label>
                    ))}
                  </fieldset>
                ) : null}
              </li>
            );
          })}
        </ul>
        {save.isError ? (
          <Alert tone="error" testId="prefs-error">
            {describe(save.error)}
          </Alert>
        ) : null}
        {saved ? (
          <Alert tone="success" testId="prefs-saved">
            {t('settings:notifications.saved')}
          </Alert>
        ) : null}
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={save.isPending}
            onClick={() => save.mutate({ notifications: draft, language }, { onSuccess: () => setSaved(true) })}
            data-testid="prefs-save"
          >
            {save.isPending ? t('settings:notifications.saving') : t('settings:notifications.save')}
          </button>
        </div>
      </section>
      {user.role === 'member' ? <WhatsAppConsent /> : null}
    </div>
  );
}

/** A member's consent to WhatsApp/SMS: given or withdrawn with one switch; when and how it was given is shown. */
function WhatsAppConsent() {
  const { t, i18n } = useTranslation(ALL_NS);
  const consent = useMessagingConsent();
  const save = useSaveMessagingConsent();
  const { describe } = useErrorText();
  const [phone, setPhone] = useState<string | null>(null);
  const c = consent.data;
  const number = phone ?? c?.phone ?? '';
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <section className="settings-section" data-testid="whatsapp-consent">
      <h3 className="section-heading">{t('settings:consent.title')}</h3>
      <p className="text-muted">{t('settings:consent.description')}</p>
      {consent.isPending ? (
        <LoadingState title={t('settings:notifications.loading')} />
      ) : c ? (
        <>
          <label className="notification-prefs__switch">
            <input
              type="checkbox"
              role="switch"
              checked={c.granted}
              disabled={save.isPending}
              onChange={(e) => save.mutate(e.target.checked ? { granted: true, ...(number.trim() ? { phone: number.trim() } : {}) } : { granted: false })}
              data-testid="whatsapp-consent-toggle"
            />
            <span className="notification-prefs__name">{t('settings:consent.toggle')}</span>
          </label>
          {!c.granted ? (
            <label className="field">
              <span className="field__label">{t('settings:consent.phone')}</span>
              <input
                className="input"
                type="tel"
                inputMode="tel"
                value={number}
                onChange={(e) => setPhone(e.target.value)}
                data-testid="whatsapp-consent-phone"
              />
            </label>
          ) : null}
          <p className="field__hint" data-testid="whatsapp-consent-status">
            {c.granted
              ? t('settings:consent.given', { when: when(c.grantedAt), phone: c.phone })
              : c.withdrawnAt
                ? t('settings:consent.withdrawn', { when: when(c.withdrawnAt) })
                : t('settings:consent.none')}
          </p>
          {save.isError ? <Alert tone="error">{describe(save.error)}</Alert> : null}
        </>
      ) : (
        <Alert tone="error">{describe(consent.error)}</Alert>
      )}
    </section>
  );
}
