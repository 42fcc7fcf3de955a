import { MARKETING_CHANNEL_LIST, type ChannelConsent, type MarketingChannel } from '@akhada/contracts';
import './consent-channel-list.css';

/**
 * Marketing consent per channel (WhatsApp, SMS, email, in that order): a switch each, with a line of when and how it
 * last changed. A channel with no record is "not agreed". Serves a member's own settings and the desk's card; each
 * says its own labels and texts and what a switch does.
 */
export function ConsentChannelList({
  channels,
  idPrefix,
  testIdPrefix,
  busy,
  label,
  when,
  onToggle,
}: {
  channels: readonly ChannelConsent[];
  /** Unique on the page: each switch's id and its description's. */
  idPrefix: string;
  /** Each row's test id: `${testIdPrefix}-${channel}`. */
  testIdPrefix: string;
  /** While a change is being saved: the switches wait. */
  busy: boolean;
  label: (channel: MarketingChannel) => string;
  when: (consent: ChannelConsent) => string;
  onToggle: (channel: MarketingChannel, granted: boolean) => void;
}) {
  return (
    <ul className="consent-list__list">
      {MARKETING_CHANNEL_LIST.map((channel) => {
        const c: ChannelConsent = channels.find((x) => x.channel === channel) ?? { channel, granted: false, method: null, changedAt: null };
        const id = `${idPrefix}-${channel}`;
        return (
          <li key={channel} className="consent-list__item" data-testid={`${testIdPrefix}-${channel}`}>
            <label className="consent-list__switch" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                role="switch"
                checked={c.granted}
                disabled={busy}
                aria-describedby={`${id}-when`}
                onChange={(e) => onToggle(channel, e.target.checked)}
              />
              <span>{label(channel)}</span>
            </label>
            <span className="text-muted consent-list__when" id={`${id}-when`}>
              {when(c)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
