import type { ChannelConsent, MarketingChannel } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../lib/auth/session';
import { formatDateTime } from '../lib/format';
import { usePersonMarketingConsent, useUpdatePersonMarketingConsent } from '../lib/shared-queries/marketing-consent';
import { useErrorText } from '../lib/use-error-text';
import { ALL_NS } from '../locales/resources';
import { Alert } from './alert';
import { ConsentChannelList } from './consent-channel-list';
import { ErrorState } from './error-state';
import { LoadingState } from './spinner';

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
          <ConsentChannelList
            channels={consent.data.channels}
            idPrefix={titleId}
            testIdPrefix="desk-consent"
            busy={update.isPending}
            label={(channel) => t(`campaigns:channel.${channel}`)}
            when={(c) =>
              `${c.granted ? t('campaigns:deskConsent.granted') : t('campaigns:deskConsent.withdrawn')} · ${
                c.changedAt
                  ? t('campaigns:deskConsent.lastChanged', { date: formatDateTime(c.changedAt, lang), method: methodText(c) })
                  : t('campaigns:deskConsent.never')
              }`
            }
            onToggle={toggle}
          />
          <div aria-live="polite">{saved ? <Alert tone="success">{saved}</Alert> : null}</div>
          {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
        </>
      )}
    </section>
  );
}
