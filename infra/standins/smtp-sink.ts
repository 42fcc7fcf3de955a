// A local stand-in for an SMTP provider (development and tests): accepts every mail on 127.0.0.1:<smtpPort> without
// auth or TLS, keeps the last 500 in memory and shows them over HTTP on 127.0.0.1:<httpPort>:
//   GET    /messages[?to=<email>]  → { messages: SinkMessage[] }, newest first
//   DELETE /messages               → { deleted: n }
//   GET    /healthz                → { ok: true, service: 'akhada-smtp-sink', messages: n }
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  id: string;
  /** The From header, decoded (e.g. `Akhada <no-reply@akhada.in>`); the envelope sender when the header is missing. */
  from: string;
  /** Envelope recipients (RCPT TO), so Bcc recipients appear too. */
  to: string[];
  subject: string;
  /** The text/plain body (LF line ends, no trailing blank lines); derived from the HTML when only HTML came. */
  text: string;
  html?: string;
  messageId?: string;
  receivedAt: string;
}

export interface SmtpSink {
  smtpPort: number;
  httpPort: number;
  /** Newest first. */
  messages(): SinkMessage[];
  clear(): number;
  stop(): Promise<void>;
}

const SERVICE = 'akhada-smtp-sink';
const HOST = process.env.SMTP_SINK_HOST ?? '127.0.0.1';
const CAP = 500;
const MAX_SIZE = 25 * 1024 * 1024;

/** `Name <address>` without the quotes mailparser's `text` adds around every display name. */
const fromHeader = (from: AddressObject | undefined): string =>
  (from?.value ?? []).map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? ''))).join(', ');

const lf = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');

/** MIME (multiparts, transfer encodings, charsets, RFC 2047 words, HTML-only mail) is mailparser's job. */
async function toSinkMessage(raw: Buffer, envelopeFrom: string, to: string[]): Promise<SinkMessage> {
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const html = typeof mail.html === 'string' ? lf(mail.html) : undefined;
  return {
    id: randomUUID(),
    from: fromHeader(mail.from) || envelopeFrom,
    to,
    subject: mail.subject ?? '',
    text: lf(mail.text ?? ''),
    ...(html !== undefined && { html }),
    ...(mail.messageId && { messageId: mail.messageId }),
    receivedAt: new Date().toISOString(),
  };
}

export async function startSmtpSink({ smtpPort = 2525, httpPort = 8025 }: { smtpPort?: number; httpPort?: number } = {}): Promise<SmtpSink> {
  const store: SinkMessage[] = [];

  const smtp = new SMTPServer({
    banner: 'Akhada SMTP sink (development only)',
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A service configured with SMTP credentials may still AUTH: accept anything, in clear text.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    size: MAX_SIZE,
    logger: false,
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', (err) => callback(err));
      stream.once('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error(`message exceeds ${MAX_SIZE} bytes`), { responseCode: 552 }));
          return;
        }
        // The envelope is read now: smtp-server reuses the session for the next mail on this connection.
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        toSinkMessage(Buffer.concat(chunks), envelopeFrom, to).then(
          (message) => {
            store.unshift(message);
            store.length = Math.min(store.length, CAP);
            callback(null, 'stored by the Akhada SMTP sink');
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  smtp.on('error', (err) => console.error(`[infra] smtp sink: ${err.message}`));

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const messages = to ? store.filter((m) => m.to.some((r) => r.toLowerCase() === to)) : store;
      return reply(200, { messages });
    }
    if (url.pathname === '/messages' && req.method === 'DELETE') {
      const deleted = store.length;
      store.length = 0;
      return reply(200, { deleted });
    }
    if (url.pathname === '/healthz' && req.method === 'GET') return reply(200, { ok: true, service: SERVICE, messages: store.length });
    return reply(404, { error: 'not found', routes: ['GET /messages?to=', 'DELETE /messages', 'GET /healthz'] });
  });

  const smtpListener = smtp.listen(smtpPort, HOST);
  try {
    await once(smtpListener, 'listening');
  } catch (err) {
    throw new Error(`smtp sink: cannot listen on ${HOST}:${smtpPort}: ${(err as Error).message}`, { cause: err });
  }
  web.listen(httpPort, HOST);
  try {
    await once(web, 'listening');
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw new Error(`smtp sink: cannot listen on ${HOST}:${httpPort}: ${(err as Error).message}`, { cause: err });
  }

  // Port 0 asks the OS for a free port; report the ones actually bound.
  const boundPort = (server: { address(): unknown }, fallback: number) => {
    const a = server.address();
    return a && typeof a === 'object' && 'port' in a ? Number((a as { port: number }).port) : fallback;
  };
  return {
    smtpPort: boundPort(smtpListener, smtpPort),
    httpPort: boundPort(web, httpPort),
    messages: () => [...store],
    clear: () => {
      const n = store.length;
      store.length = 0;
      return n;
    },
    stop: async () => {
      web.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => web.close(() => resolve())), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}

/** True when an Akhada SMTP sink answers on 127.0.0.1:httpPort. */
export async function isSmtpSinkRunning(httpPort = 8025): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${httpPort}/healthz`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { service?: unknown };
    return body.service === SERVICE;
  } catch {
    return false;
  }
}
