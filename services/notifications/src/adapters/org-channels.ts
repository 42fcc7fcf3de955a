import type { SecretBox } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { NotificationsDb, OrgEmailSettingsRow, OrgSmsSettingsRow } from '../db/schema.ts';
import type { ChannelAdapter } from './channels.ts';
import { createEmailAdapter } from './email.ts';
import { createWhatsAppAdapter, type WhatsAppOptions } from './whatsapp.ts';

export interface OrgChannelsOptions {
  db: Kysely<NotificationsDb>;
  box: SecretBox;
  /** The platform's own adapters: used for an organization without settings of its own. */
  platform: { email?: ChannelAdapter; sms?: ChannelAdapter };
  /**
   * Where the WhatsApp Cloud API is (graph.facebook.com; the local stand-in in development and tests), its version, and
   * when a person last wrote to a business number (their 24-hour window).
   */
  whatsapp: { baseUrl: string; version: string; lastInbound?: WhatsAppOptions['lastInbound'] };
  /** The outbound target rule's switch (as for webhooks): false in production, where a mail server on a private address or a non-mail port is refused. */
  allowPrivate: boolean;
}

export interface ResolvedChannel {
  adapter: ChannelAdapter;
  via: 'custom' | 'platform';
}

export interface OrgChannels {
  /** The organization's own adapter for the channel when it set one, else the platform's (undefined: none at all). */
  forOrg(orgId: string, channel: 'email' | 'sms'): Promise<ResolvedChannel | undefined>;
  /** An adapter for stored settings (send test uses exactly what real messages will use). */
  emailOf(row: OrgEmailSettingsRow): ChannelAdapter & { close(): void };
  smsOf(row: OrgSmsSettingsRow): ChannelAdapter;
  close(): void;
}

/**
 * The organization's messaging settings turned into adapters, cached per organization until the settings change
 * (keyed by their updated_at), so the deliverer does not open a new SMTP pool for every message.
 */
export const createOrgChannels = (o: OrgChannelsOptions): OrgChannels => {
  const emails = new Map<string, { version: number; adapter: ChannelAdapter & { close(): void } }>();
  const smses = new Map<string, { version: number; adapter: ChannelAdapter }>();

  const emailOf = (row: OrgEmailSettingsRow) =>
    createEmailAdapter({
      host: row.host,
      port: row.port,
      security: row.security,
      from: `"${row.from_name.replace(/["\\]/g, '')}" <${row.from_address}>`,
      auth: row.username ? { user: row.username, pass: row.password_sealed ? o.box.open(row.password_sealed) : '' } : null,
      guard: { allowPrivate: o.allowPrivate },
    });
  const smsOf = (row: OrgSmsSettingsRow) =>
    createWhatsAppAdapter({
      baseUrl: o.whatsapp.baseUrl,
      version: o.whatsapp.version,
      phoneNumberId: row.sender,
      token: o.box.open(row.api_key_sealed),
      ...(o.whatsapp.lastInbound ? { lastInbound: o.whatsapp.lastInbound } : {}),
    });

  return {
    emailOf,
    smsOf,
    async forOrg(orgId, channel) {
      if (channel === 'email') {
        const row = await o.db.selectFrom('org_email_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
        if (!row) return o.platform.email && { adapter: o.platform.email, via: 'platform' };
        const cached = emails.get(orgId);
        if (cached?.version === row.updated_at.getTime()) return { adapter: cached.adapter, via: 'custom' };
        cached?.adapter.close();
        const adapter = emailOf(row);
        emails.set(orgId, { version: row.updated_at.getTime(), adapter });
        return { adapter, via: 'custom' };
      }
      const row = await o.db.selectFrom('org_sms_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
      if (!row) return o.platform.sms && { adapter: o.platform.sms, via: 'platform' };
      const cached = smses.get(orgId);
      if (cached?.version === row.updated_at.getTime()) return { adapter: cached.adapter, via: 'custom' };
      const adapter = smsOf(row);
      smses.set(orgId, { version: row.updated_at.getTime(), adapter });
      return { adapter, via: 'custom' };
    },
    close() {
      for (const e of emails.values()) e.adapter.close();
      emails.clear();
      smses.clear();
    },
  };
};
