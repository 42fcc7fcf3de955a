import type { ChannelConsent, MarketingChannel } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ConsentChannelList } from '../../../components/consent-channel-list';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useMyMarketingConsent, useUpdateMyMarketingConsent } from '../api/consent-api';
import '../campaigns.css';

/**
 * Settings → Notifications, for a member: whether the gym may send them offers and news on WhatsApp, SMS and email
 * (marketing consent), each a switch saved at once, with when and how it last changed, and the history of changes.
 */
export function MarketingConsentSettings() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const consent = useMyMarketingConsent();
  const update = useUpdateMyMarketingConsent();
  const [saved, setSaved] = useState<string | null>(null);
  const lang = i18n.language;
  const stop = { stop: 'STOP' };

  const methodText = (c: Pick<ChannelConsent, 'method'>) => (c.method ? t(`campaigns:consent.method.${c.method}`, stop) : '');
  const toggle = (channel: MarketingChannel, granted: boolean) => {
    setSaved(null);
    update.mutate(
      { [channel]: granted },
      {
        onSuccess: () =>
          setSaved(
            t('campaigns:consent.saved', {
              channel: t(`campaigns:channel.${channel}`),
              state: granted ? t('campaigns:consent.on') : t('campaigns:consent.off'),
            }),
          ),
      },
    );
  };

  return (
    <section className="settings-section cmp-consent" aria-labelledby="cmp-consent-title" data-testid="marketing-consent">
      <h3 id="cmp-consent-title" className="section-heading">
        {t('campaigns:consent.title')}
      </h3>
      <p className="text-muted">{t('campaigns:consent.description')}</p>
      {consent.isPending ? (
        <LoadingState title={t('campaigns:consent.loading')} />
      ) : consent.isError ? (
        <ErrorState error={consent.error} title={t('campaigns:consent.loadError')} onRetry={() => void consent.refetch()} retrying={consent.isFetching} />
      ) : (
        <>
          <ConsentChannelList
            channels={consent.data.channels}
            idPrefix="marketing"
            testIdPrefix="consent"
            busy={update.isPending}
            label={(channel) => t('campaigns:consent.channelLabel', { channel: t(`campaigns:channel.${channel}`) })}
            when={(c) =>
              c.changedAt
                ? t('campaigns:consent.lastChanged', { date: formatDateTime(c.changedAt, lang), method: methodText(c) })
                : t('campaigns:consent.never')
            }
            onToggle={toggle}
          />
          <div aria-live="polite">{saved ? <Alert tone="success">{saved}</Alert> : null}</div>
          {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
          <details className="cmp-consent__history">
            <summary>{t('campaigns:consent.history')}</summary>
            {consent.data.history.length === 0 ? (
              <p className="text-muted">{t('campaigns:consent.historyEmpty')}</p>
            ) : (
              <ul data-testid="consent-history">
                {consent.data.history.map((h, i) => (
                  <li key={`${h.changedAt}-${h.channel}-${i}`}>
                    <time dateTime={h.changedAt}>{formatDateTime(h.changedAt, lang)}</time>{' '}
                    {t('campaigns:consent.historyEntry', {
                      channel: t(`campaigns:channel.${h.channel}`),
                      state: h.granted ? t('campaigns:consent.on') : t('campaigns:consent.off'),
                      method: methodText(h),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </details>
        </>
      )}
    </section>
  );
}
