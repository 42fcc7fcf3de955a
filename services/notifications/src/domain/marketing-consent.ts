import type { ChannelConsent, MarketingChannel, MarketingConsentChange, MarketingConsentMethod, TemplateCategory } from '@akhada/contracts';

/**
 * Marketing consent's rules, pure. A MARKETING message goes on a channel only to a person whose consent for that
 * channel is recorded and granted; anything else (never asked, withdrawn by STOP or the unsubscribe link) is no. A
 * UTILITY (service) message does not look at marketing consent: notification preferences and messaging consent decide.
 */

export const CHANNEL_ORDER: readonly MarketingChannel[] = ['whatsapp', 'sms', 'email'];

export interface RecordedConsent {
  channel: MarketingChannel;
  granted: boolean;
  method: string;
  changedAt: Date;
}

/** Whether a message of this category may go to the person on the channel, as far as marketing consent goes. */
export const marketingAllows = (
  category: TemplateCategory,
  channel: MarketingChannel,
  recorded: readonly Pick<RecordedConsent, 'channel' | 'granted'>[],
): boolean => category !== 'marketing' || recorded.some((r) => r.channel === channel && r.granted);

/** The three channels in order, each as recorded or (never recorded) not granted. */
export const channelsView = (recorded: readonly RecordedConsent[]): ChannelConsent[] =>
  CHANNEL_ORDER.map((channel) => {
    const r = recorded.find((x) => x.channel === channel);
    return r
      ? { channel, granted: r.granted, method: r.method as MarketingConsentMethod, changedAt: r.changedAt.toISOString() }
      : { channel, granted: false, method: null, changedAt: null };
  });

/** The channels a change names, with what each becomes, in channel order. */
export const changesOf = (body: MarketingConsentChange): { channel: MarketingChannel; granted: boolean }[] =>
  CHANNEL_ORDER.flatMap((channel) => (body[channel] === undefined ? [] : [{ channel, granted: body[channel] }]));

/** An address shown on a public page without giving it away: a•••@example.in. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
};
