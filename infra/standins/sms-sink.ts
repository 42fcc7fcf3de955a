// A local stand-in for an Indian SMS gateway (development and tests), on 127.0.0.1:<port>. It keeps the rules of India's
// DLT (TRAI's distributed ledger) that decide whether a promotional or transactional SMS goes out:
//   - the message names a DLT template id registered for the sender's entity, else 400 `DLT_TEMPLATE_NOT_REGISTERED`;
//   - the sender header (6 characters) is the one that template is registered with, else 400 `DLT_HEADER_MISMATCH`;
//   - the text is the template's with its {#var#} variables filled in (each up to 30 characters), else 400
//     `DLT_CONTENT_MISMATCH` (operators scrub a message that differs from its registered template).
// Routes:
//   POST   /v1/sms  (Authorization: Bearer <any non-empty key>) { to, sender, dltTemplateId, text, reference? }
//          → 200 { id: 'sms.…', status: 'accepted' } or 4xx { error: { code, message } }
//   GET    /messages[?to=<digits>]  → { messages: SmsSinkMessage[] }, newest first
//   DELETE /messages                → { deleted: n }
//   POST   /control/templates { templates: SmsSinkTemplate[] } → replaces the registered set
//   GET    /healthz                 → { ok: true, service: 'akhada-sms-sink', messages: n }
// Replies (the gateway's inbound SMS, as gateways forward a keyword reply to the sender's long code):
//   POST   /control/inbound { from, text } → a person replies (e.g. STOP): the gateway POSTs { id, from, to, text,
//          receivedAt } to the inbound webhook, signed `X-Sms-Signature: sha256=<HMAC-SHA256 of the body with the secret>`
//   POST   /control/inbound-webhook { url, secret } → where replies are posted
import { createHmac, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface SmsSinkTemplate {
  /** The DLT template id (19 digits on the real ledgers). */
  dltTemplateId: string;
  /** The sender header it is registered with (e.g. AKHADA). */
  senderHeader: string;
  /** The registered text with {#var#} for each variable. */
  body: string;
}

export interface SmsSinkMessage {
  id: string;
  to: string;
  sender: string;
  dltTemplateId: string;
  text: string;
  reference: string | null;
  receivedAt: string;
}

export interface SmsSink {
  port: number;
  messages(): SmsSinkMessage[];
  clear(): number;
  setTemplates(templates: readonly SmsSinkTemplate[]): void;
  /** Where a person's reply is posted (signed with the secret); null: nowhere. */
  setInboundWebhook(webhook: { url: string; secret: string } | null): void;
  /** A person replies to the gateway's number: the reply is posted to the inbound webhook; resolves with its answer's status (0: none). */
  receive(o: { from: string; text: string }): Promise<number>;
  stop(): Promise<void>;
}

const SERVICE = 'akhada-sms-sink';
const HOST = process.env.SMS_SINK_HOST ?? '127.0.0.1';
const CAP = 500;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The registered body as a pattern: its fixed text exactly, each {#var#} any text of up to 30 characters. */
const patternOf = (body: string) => new RegExp(`^${body.split('{#var#}').map(escapeRegExp).join('[\\s\\S]{0,30}')}$`);

/** The long code replies go to (the gateway's virtual number). */
export const SMS_SINK_LONG_CODE = '919220592205';

export async function startSmsSink(
  o: { port?: number; templates?: readonly SmsSinkTemplate[]; inboundWebhook?: { url: string; secret: string } } = {},
): Promise<SmsSink> {
  const store: SmsSinkMessage[] = [];
  let inboundWebhook = o.inboundWebhook ?? null;
  const receive: SmsSink['receive'] = async ({ from, text }) => {
    if (!inboundWebhook) return 0;
    const body = JSON.stringify({
      id: `sms-in.${randomUUID().replace(/-/g, '')}`,
      from: from.replace(/\D/g, ''),
      to: SMS_SINK_LONG_CODE,
      text,
      receivedAt: new Date().toISOString(),
    });
    try {
      const res = await fetch(inboundWebhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sms-signature': `sha256=${createHmac('sha256', inboundWebhook.secret).update(body).digest('hex')}` },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return 0;
    }
  };
  let templates = new Map<string, SmsSinkTemplate & { pattern: RegExp }>();
  const setTemplates = (list: readonly SmsSinkTemplate[]) => {
    templates = new Map(list.map((t) => [t.dltTemplateId, { ...t, pattern: patternOf(t.body) }]));
  };
  setTemplates(o.templates ?? []);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const reply = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: string, message: string) => reply(status, { error: { code, message } });
    const readBody = async (): Promise<unknown> => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    };
    const withBody = <T>(then: (b: T) => void) =>
      readBody().then(
        (b) => then(b as T),
        () => refuse(400, 'BAD_REQUEST', 'The body is not JSON'),
      );

    if (url.pathname === '/v1/sms' && req.method === 'POST') {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return refuse(401, 'UNAUTHORIZED', 'Invalid API key');
      void withBody<{ to?: unknown; sender?: unknown; dltTemplateId?: unknown; text?: unknown; reference?: unknown }>((b) => {
        const to = typeof b.to === 'string' ? b.to.replace(/\D/g, '') : '';
        if (!/^91[6-9]\d{9}$/.test(to)) return refuse(400, 'INVALID_NUMBER', 'Not an Indian mobile number (91 and 10 digits)');
        if (typeof b.text !== 'string' || !b.text) return refuse(400, 'BAD_REQUEST', 'text is required');
        const t = typeof b.dltTemplateId === 'string' ? templates.get(b.dltTemplateId) : undefined;
        if (!t) return refuse(400, 'DLT_TEMPLATE_NOT_REGISTERED', `DLT template ${String(b.dltTemplateId)} is not registered`);
        if (b.sender !== t.senderHeader)
          return refuse(400, 'DLT_HEADER_MISMATCH', `Header ${String(b.sender)} is not registered for template ${t.dltTemplateId}`);
        if (!t.pattern.test(b.text)) return refuse(400, 'DLT_CONTENT_MISMATCH', `The text does not match DLT template ${t.dltTemplateId}`);
        const id = `sms.${randomUUID().replace(/-/g, '')}`;
        store.unshift({
          id,
          to,
          sender: t.senderHeader,
          dltTemplateId: t.dltTemplateId,
          text: b.text,
          reference: typeof b.reference === 'string' ? b.reference : null,
          receivedAt: new Date().toISOString(),
        });
        store.length = Math.min(store.length, CAP);
        reply(200, { id, status: 'accepted' });
      });
      return;
    }
    if (url.pathname === '/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.replace(/\D/g, '');
      return reply(200, { messages: to ? store.filter((m) => m.to === to) : store });
    }
    if (url.pathname === '/messages' && req.method === 'DELETE') {
      const deleted = store.length;
      store.length = 0;
      return reply(200, { deleted });
    }
    if (url.pathname === '/control/templates' && req.method === 'POST') {
      void withBody<{ templates?: SmsSinkTemplate[] }>((b) => {
        setTemplates(Array.isArray(b.templates) ? b.templates : []);
        reply(200, { templates: templates.size });
      });
      return;
    }
    if (url.pathname === '/control/inbound' && req.method === 'POST') {
      void withBody<{ from?: unknown; text?: unknown }>((b) => {
        if (typeof b.from !== 'string' || typeof b.text !== 'string') return refuse(400, 'BAD_REQUEST', 'from and text are required');
        void receive({ from: b.from, text: b.text }).then((answered) => reply(200, { answered }));
      });
      return;
    }
    if (url.pathname === '/control/inbound-webhook' && req.method === 'POST') {
      void withBody<{ url?: unknown; secret?: unknown }>((b) => {
        inboundWebhook = typeof b.url === 'string' && typeof b.secret === 'string' ? { url: b.url, secret: b.secret } : null;
        reply(200, { url: inboundWebhook?.url ?? null });
      });
      return;
    }
    if (url.pathname === '/healthz') return reply(200, { ok: true, service: SERVICE, messages: store.length });
    refuse(404, 'NOT_FOUND', 'No such route');
  });
  server.listen(o.port ?? 8027, HOST);
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    port,
    messages: () => [...store],
    clear: () => {
      const n = store.length;
      store.length = 0;
      return n;
    },
    setTemplates,
    setInboundWebhook: (w) => {
      inboundWebhook = w;
    },
    receive,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether an SMS stand-in already answers on the port (the dev stack reuses it). */
export async function isSmsSinkRunning(port = 8027): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    return ((await res.json()) as { service?: unknown }).service === SERVICE;
  } catch {
    return false;
  }
}
