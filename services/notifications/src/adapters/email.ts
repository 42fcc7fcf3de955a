import type { SmtpSecurity } from '@akhada/contracts';
import type { Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { DeliveryError, type ChannelAdapter, type OutgoingMessage } from './channels.ts';
import { connectMailServer } from './outbound-target.ts';

const FOOTER = {
  en: 'You receive this because of your notification settings in Akhada (Settings → Notifications).',
  hi: 'आपको यह संदेश Akhada में आपकी सूचना सेटिंग्स (सेटिंग्स → सूचनाएँ) के कारण मिला है।',
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of one notification, in the recipient's language: plain text and a small HTML version. */
export const renderEmail = (m: OutgoingMessage): { subject: string; text: string; html: string } => {
  const text = [m.text, m.action ? `${m.action.text}: ${m.action.url}` : null, '', '—', FOOTER[m.language]].filter((l) => l !== null).join('\n');
  const html =
    `<!doctype html><html lang="${m.language}"><body style="font-family:system-ui,sans-serif;color:#111827">` +
    `<h2 style="margin:0 0 12px">${escapeHtml(m.title)}</h2><p>${escapeHtml(m.text).replace(/\n/g, '<br>')}</p>` +
    (m.action ? `<p><a href="${escapeHtml(m.action.url)}" style="color:#2563eb">${escapeHtml(m.action.text)} →</a></p>` : '') +
    `<hr><p style="color:#6b7280;font-size:12px">${escapeHtml(FOOTER[m.language])}</p></body></html>`;
  return { subject: m.title, text, html };
};

export interface SmtpOptions {
  host: string;
  port: number;
  from: string;
  /** none (the platform's local sink), STARTTLS or TLS from the start; by default none on the sink's port or 127.0.0.1, else STARTTLS when offered. */
  security?: SmtpSecurity;
  auth?: { user: string; pass: string } | null;
  timeoutMs?: number;
  /**
   * An organization's own server (Settings → Integrations): connected only through the outbound target rule (a mail
   * port on a public address in production; `allowPrivate` outside it, for the local sink). The platform's own server
   * (configuration) is trusted and has none.
   */
  guard?: { allowPrivate: boolean };
}

/** Email over SMTP with nodemailer; in development and tests the local SMTP sink (infra) receives it. */
export const createEmailAdapter = ({ host, port, from, security, auth, timeoutMs = 5000, guard }: SmtpOptions): ChannelAdapter & { close(): void } => {
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none' || (security === undefined && (port === 2525 || host === '127.0.0.1')),
    ...(auth && { auth }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    ...(guard && {
      getSocket: (_options: unknown, callback: (err: Error | null, socket?: { connection: Socket }) => void) => {
        connectMailServer({ host, port, allowPrivate: guard.allowPrivate, timeoutMs }).then(
          (connection) => callback(null, { connection }),
          (err: unknown) => callback(err as Error),
        );
      },
    }),
  });
  return {
    channel: 'email',
    async send(m) {
      const mail = m.mail
        ? {
            subject: m.mail.subject,
            text: m.mail.text,
            ...(m.mail.html ? { html: m.mail.html } : {}),
            ...(m.mail.headers ? { headers: { ...m.mail.headers } } : {}),
          }
        : renderEmail(m);
      try {
        const info = await transport.sendMail({ from, to: m.to, ...mail, messageId: `<${m.key.replace(':', '.')}@notifications.akhada>` });
        return { providerId: info.messageId ?? null };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // 5xx from the server (a refused recipient): retrying will not help. Connection problems are retried.
        throw new DeliveryError((err as Error).message, typeof code === 'number' && code >= 500 && code < 600, (err as { code?: string }).code);
      }
    },
    close: () => transport.close(),
  };
};
