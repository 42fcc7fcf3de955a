// A local stand-in for the WhatsApp Cloud API (development and tests), on 127.0.0.1:<port>:
//   POST   /{version}/{phone-number-id}/messages  (Authorization: Bearer <any non-empty token>) → the Cloud API's answer
//          { messaging_product: 'whatsapp', contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }, or its
//          error shape { error: { message, type, code } } for a missing token (401) or a malformed message (400)
//   GET    /messages[?to=<digits>]  → { messages: WhatsAppSinkMessage[] }, newest first (what the product sent)
//   DELETE /messages                → { deleted: n }
//   POST   /control/fail  { count, status } → the next `count` sends answer `status` (tests of retries)
//   GET    /healthz                 → { ok: true, service: 'akhada-whatsapp-sink', messages: n }
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface WhatsAppSinkMessage {
  id: string;
  phoneNumberId: string;
  version: string;
  to: string;
  body: string;
  /** The sender's reference of the message (the product puts its delivery key there). */
  reference: string | null;
  receivedAt: string;
}

export interface WhatsAppSink {
  port: number;
  /** Newest first. */
  messages(): WhatsAppSinkMessage[];
  clear(): number;
  stop(): Promise<void>;
}

const SERVICE = 'akhada-whatsapp-sink';
const HOST = process.env.WHATSAPP_SINK_HOST ?? '127.0.0.1';
const CAP = 500;

const readJson = async (req: http.IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 256 * 1024) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
};

export async function startWhatsAppSink({ port = 8026 }: { port?: number } = {}): Promise<WhatsAppSink> {
  const store: WhatsAppSinkMessage[] = [];
  let failures = { count: 0, status: 500 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const apiError = (status: number, message: string, code: number) =>
      reply(status, { error: { message, type: 'OAuthException', code, fbtrace_id: randomUUID() } });
    const send = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
    if (send && req.method === 'POST') {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return apiError(401, 'Invalid OAuth access token.', 190);
      readJson(req).then(
        (raw) => {
          const b = raw as { messaging_product?: unknown; to?: unknown; type?: unknown; text?: { body?: unknown }; biz_opaque_callback_data?: unknown };
          if (
            b.messaging_product !== 'whatsapp' ||
            typeof b.to !== 'string' ||
            !/^\d{8,15}$/.test(b.to) ||
            b.type !== 'text' ||
            typeof b.text?.body !== 'string'
          )
            return apiError(400, '(#100) Invalid parameter', 100);
          if (failures.count > 0) {
            failures.count -= 1;
            return apiError(failures.status, 'Service temporarily unavailable (stand-in failure)', 2);
          }
          const id = `wamid.${randomUUID().replace(/-/g, '')}`;
          store.unshift({
            id,
            version: send[1]!,
            phoneNumberId: send[2]!,
            to: b.to,
            body: b.text.body,
            reference: typeof b.biz_opaque_callback_data === 'string' ? b.biz_opaque_callback_data : null,
            receivedAt: new Date().toISOString(),
          });
          store.length = Math.min(store.length, CAP);
          return reply(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] });
        },
        () => apiError(400, '(#100) The request body is not JSON', 100),
      );
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
    if (url.pathname === '/control/fail' && req.method === 'POST') {
      readJson(req).then(
        (raw) => {
          const b = raw as { count?: unknown; status?: unknown };
          failures = { count: Number(b.count ?? 1), status: Number(b.status ?? 500) };
          reply(200, failures);
        },
        () => reply(400, { error: 'not JSON' }),
      );
      return;
    }
    if (url.pathname === '/healthz' && req.method === 'GET') return reply(200, { ok: true, service: SERVICE, messages: store.length });
    return reply(404, {
      error: 'not found',
      routes: ['POST /{version}/{phone-number-id}/messages', 'GET /messages?to=', 'DELETE /messages', 'POST /control/fail', 'GET /healthz'],
    });
  });
  server.listen(port, HOST);
  try {
    await once(server, 'listening');
  } catch (err) {
    throw new Error(`whatsapp sink: cannot listen on ${HOST}:${port}: ${(err as Error).message}`, { cause: err });
  }
  const a = server.address();
  return {
    port: a && typeof a === 'object' ? a.port : port,
    messages: () => [...store],
    clear: () => {
      const n = store.length;
      store.length = 0;
      return n;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** True when an Akhada WhatsApp stand-in answers on 127.0.0.1:port. */
export async function isWhatsAppSinkRunning(port = 8026): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    return ((await res.json()) as { service?: unknown }).service === SERVICE;
  } catch {
    return false;
  }
}
