import { MARKETING_CHANNEL_LIST, type ChannelConsent, type MarketingChannel } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../lib/auth/session';
import { formatDateTime } from '../lib/format';
import { usePersonMarketingConsent, useUpdatePersonMarketingConsent } from '../lib/shared-queries/marketing-consent';
import { useErrorText } from '../lib/use-error-text';
import { ALL_NS } from '../locales/resources';
import { Alert } from './alert';
import { ErrorState } from './error-state';
import { LoadingState } from './spinner';
import './marketing-consent-card.css';

/** Who may see and record a person's marketing consent at the desk: the staff roles of the audience contract. */
const MAY_RECORD = new Set(['owner', 'admin']);

/**
 * "Marketing consent" on a member's or a lead's page: per channel (WhatsApp, SMS, email) whether the person agreed to
 * offers and news, when and how it last changed, and a switch that records the person's choice at the desk (method
 * front_desk, by the signed-in staff member). Shown only to the roles the contract allows (owners, admins); nothing
 * for others.
 */
export function MarketingConsentCard({ personId }: { personId: string }) {
  const user = useUser();
  const allowed = MAY_RECORD.has(user.role);
  return allowed ? <ConsentCard personId={personId} /> : null;
}

function ConsentCard({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const consent = usePersonMarketingConsent(personId);
  const update = useUpdatePersonMarketingConsent(personId);
  const [saved, setSaved] = useState<string | null>(null);
  const titleId = useId();
  const lang = i18n.language;
  const stop = { stop: 'STOP' };
  const methodText = (c: Pick<ChannelConsent, 'method'>) => (c.method ? t(`campaigns:deskConsent.method.${c.method}`, stop) : '');
  const toggle = (channel: MarketingChannel, granted: boolean) => {
    setSaved(null);
    update.mutate(
      { [channel]: granted },
      {
        onSuccess: () =>
          setSaved(
            t('campaigns:deskConsent.saved', {
              channel: t(`campaigns:channel.${channel}`),
              state: granted ? t('campaigns:deskConsent.granted') : t('campaigns:deskConsent.withdrawn'),
            }),
          ),
      },
    );
  };

  return (
    <section className="card" aria-labelledby={titleId} data-testid="desk-marketing-consent">
      <h2 id={titleId} className="card__title">
        {t('campaigns:deskConsent.title')}
      </h2>
      <p className="text-muted">{t('campaigns:deskConsent.description', stop)}</p>
      {consent.isPending ? (
        <LoadingState title={t('campaigns:deskConsent.loading')} />
      ) : consent.isError ? (
        <ErrorState error={consent.error} title={t('campaigns:deskConsent.loadError')} onRetry={() => void consent.refetch()} retrying={consent.isFetching} />
      ) : (
        <>
          <ul className="consent-card__list">
            {MARKETING_CHANNEL_LIST.map((channel) => {
              const c = consent.data.channels.find((x) => x.channel === channel) ?? { channel, granted: false, method: null, changedAt: null };
              const id = `${titleId}-${channel}`;
              return (
                <li key={channel} className="consent-card__item" data-testid={`desk-consent-${channel}`}>
                  <label className="consent-card__switch" htmlFor={id}>
                    <input
                      id={id}
                      type="checkbox"
                      role="switch"
                      checked={c.granted}
                      disabled={update.isPending}
                      aria-describedby={`${id}-when`}
                      onChange={(e) => toggle(channel, e.target.checked)}
                    />
                    <span>{t(`campaigns:channel.${channel}`)}</span>
                  </label>
                  <span className="text-muted consent-card__when" id={`${id}-when`}>
                    {c.granted ? t('campaigns:deskConsent.granted') : t('campaigns:deskConsent.withdrawn')}
                    {' · '}
                    {c.changedAt
                      ? t('campaigns:deskConsent.lastChanged', { date: formatDateTime(c.changedAt, lang), method: methodText(c) })
                      : t('campaigns:deskConsent.never')}
                  </span>
                </li>
              );
            })}
          </ul>
          <div aria-live="polite">{saved ? <Alert tone="success">{saved}</Alert> : null}</div>
          {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
        </>
      )}
    </section>
  );
}
