// A local stand-in for the WhatsApp Business Platform's Cloud API (development and tests), on 127.0.0.1:<port>. It keeps
// the platform's rules that decide whether a message goes out:
//   - free-form text (`type: 'text'`) only within 24 hours of the person's last message to that business number,
//     else 400 `(#131047) Re-engagement message`;
//   - outside it, only an approved template (`type: 'template'`, name + language), else 400 `(#132001) Template name
//     does not exist in the translation`; its body parameters must match the template's {{n}} placeholders (#132000);
//   - status callbacks as Meta's webhooks send them (`entry[].changes[].value.statuses[]`: sent, delivered, read, or
//     failed with `errors[]`), and a person's message (`value.messages[]`), POSTed to the configured webhook URL and
//     signed like Meta's (`X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body with the app secret>`).
// Routes:
//   POST   /{version}/{phone-number-id}/messages  (Authorization: Bearer <any non-empty token>) → the Cloud API's answer
//          { messaging_product: 'whatsapp', contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }, or its
//          error shape { error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }
//   GET    /messages[?to=<digits>]  → { messages: WhatsAppSinkMessage[] }, newest first (what the product sent)
//   DELETE /messages                → { deleted: n }
//   GET    /templates               → { templates } (the approved set)
//   POST   /control/templates { templates: WhatsAppSinkTemplate[] } → replaces the approved set
//   POST   /control/inbound { from, text?, phoneNumberId? } → a person writes to the business number (default: the
//          stand-in's defaultPhoneNumberId): opens their 24-hour window with it and posts the message webhook
//   POST   /control/webhook { url, appSecret } → where status callbacks and inbound messages are posted
//   POST   /control/status { id, status: 'delivered' | 'read' | 'failed', error? } → posts that status of a sent message
//   POST   /control/fail  { count, status } → the next `count` sends answer `status` (tests of retries)
//   GET    /healthz                 → { ok: true, service: 'akhada-whatsapp-sink', messages: n }
// Template management (the Business Management API's shape; what a gym's own templates go through):
//   POST   /{version}/{waba-id}/message_templates { name, language, category: MARKETING|UTILITY, components: [{ type: BODY,
//          text, example? }] } → { id, status: 'PENDING', category }; a name+language already there: 400 (#2388024).
//          The review follows at once (after `reviewMs`): APPROVED, or REJECTED with reason INVALID_FORMAT when the body
//          starts or ends with a placeholder, or its placeholders are not {{1}}…{{n}}, or it is a MARKETING template
//          without any placeholder (a bare broadcast, which this stand-in's review refuses); then the webhook
//          (field `message_template_status_update`: event, message_template_id, message_template_name,
//          message_template_language, reason) is posted. An approved template can be sent like the catalogue's.
//   POST   /{version}/{template-id} { category?, components } → { success: true }: an edit, reviewed again (PENDING first)
//   GET    /{version}/{waba-id}/message_templates[?name=] → { data: [{ id, name, language, status, category,
//          components, rejected_reason }] }
import { createHmac, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface WhatsAppSinkTemplate {
  name: string;
  /** The translation's language code (`en`, `hi`, `en_US`…): a template exists per name AND language. */
  language: string;
  category: 'utility' | 'marketing' | 'authentication';
  /** The body with {{1}}, {{2}}, … placeholders. */
  body: string;
}

export interface WhatsAppSinkMessage {
  id: string;
  phoneNumberId: string;
  version: string;
  to: string;
  type: 'text' | 'template';
  /** The text as the person reads it (a template's body with its parameters filled in). */
  body: string;
  template: { name: string; language: string; parameters: string[] } | null;
  /** The sender's reference of the message (the product puts its delivery key there). */
  reference: string | null;
  receivedAt: string;
}

/** A template submitted through the management API, as the platform keeps it. */
export interface WhatsAppSinkSubmitted {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  body: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  rejectedReason: string;
}

export interface WhatsAppSinkInbound {
  id: string;
  phoneNumberId: string;
  from: string;
  text: string;
  receivedAt: string;
}

export interface WhatsAppSinkOptions {
  port?: number;
  /** The approved templates (the notifications service's catalogue in development and tests). */
  templates?: readonly WhatsAppSinkTemplate[];
  /** Where status callbacks and inbound messages go, and the app secret that signs them. */
  webhook?: { url: string; appSecret: string };
  /** Callbacks `sent` and `delivered` posted by themselves after a message is accepted (`read` and `failed` on request). */
  autoStatuses?: boolean;
  /** The business number a simulated inbound message is written to when none is named (default 100000000000001). */
  defaultPhoneNumberId?: string;
  /** The clock of the 24-hour window (tests move it). */
  clock?: () => Date;
  /** How long a submitted template's review takes (default 0: decided right after the answer). */
  reviewMs?: number;
}

export interface WhatsAppSink {
  port: number;
  /** Newest first. */
  messages(): WhatsAppSinkMessage[];
  inbound(): WhatsAppSinkInbound[];
  clear(): number;
  setTemplates(templates: readonly WhatsAppSinkTemplate[]): void;
  setWebhook(webhook: { url: string; appSecret: string } | null): void;
  /** Templates submitted through the management API (newest first). */
  submitted(): WhatsAppSinkSubmitted[];
  /** A person writes to the business: opens their window and posts the message webhook (resolves once it was answered). */
  receive(o: { from: string; text?: string; phoneNumberId?: string }): Promise<WhatsAppSinkInbound>;
  /** Posts a status callback of a sent message (resolves once it was answered with the receiver's HTTP status). */
  status(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string; details?: string }): Promise<number>;
  stop(): Promise<void>;
}

const SERVICE = 'akhada-whatsapp-sink';
const HOST = process.env.WHATSAPP_SINK_HOST ?? '127.0.0.1';
const CAP = 500;
const WINDOW_MS = 24 * 60 * 60_000;
const WABA_ID = '100000000000900';

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

const digits = (s: string) => s.replace(/\D/g, '');

export async function startWhatsAppSink(o: WhatsAppSinkOptions = {}): Promise<WhatsAppSink> {
  const port = o.port ?? 8026;
  const clock = o.clock ?? (() => new Date());
  const store: WhatsAppSinkMessage[] = [];
  const inbound: WhatsAppSinkInbound[] = [];
  /** Last message from a person, per business number and person (`<phone-number-id>|<wa_id>`). */
  const lastInbound = new Map<string, number>();
  let templates = new Map<string, WhatsAppSinkTemplate>();
  const setTemplates = (list: readonly WhatsAppSinkTemplate[]) => {
    templates = new Map(list.map((t) => [`${t.name}|${t.language}`, t]));
  };
  setTemplates(o.templates ?? []);
  let webhook = o.webhook ?? null;
  let failures = { count: 0, status: 500 };
  /** Templates submitted through the management API, by id. */
  const submitted = new Map<string, WhatsAppSinkSubmitted>();
  const approvedSubmitted = (name: string, language: string): WhatsAppSinkTemplate | undefined => {
    for (const t of submitted.values())
      if (t.name === name && t.language === language && t.status === 'APPROVED')
        return { name, language, category: t.category.toLowerCase() as WhatsAppSinkTemplate['category'], body: t.body };
    return undefined;
  };
  /** This stand-in's review: the platform's format rules it keeps (see the header). */
  const review = (t: WhatsAppSinkSubmitted): string | null => {
    const used = [...t.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
    const n = new Set(used).size;
    if (/^\s*\{\{\d+\}\}/.test(t.body) || /\{\{\d+\}\}[\s.!?]*$/.test(t.body)) return 'INVALID_FORMAT';
    if (used.some((k) => k < 1 || k > n)) return 'INVALID_FORMAT';
    if (t.category === 'MARKETING' && n === 0) return 'INVALID_FORMAT';
    return null;
  };
  const decide = (t: WhatsAppSinkSubmitted) =>
    setTimeout(() => {
      const reason = review(t);
      t.status = reason ? 'REJECTED' : 'APPROVED';
      t.rejectedReason = reason ?? 'NONE';
      void postChange(
        'message_template_status_update',
        {
          event: t.status,
          message_template_id: Number(t.id),
          message_template_name: t.name,
          message_template_language: t.language,
          reason: reason ?? null,
        },
        t.wabaId,
      );
    }, o.reviewMs ?? 0);
  const templateView = (t: WhatsAppSinkSubmitted) => ({
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    components: [{ type: 'BODY', text: t.body }],
    rejected_reason: t.rejectedReason,
  });

  const inWindow = (phoneNumberId: string, to: string) => {
    const at = lastInbound.get(`${phoneNumberId}|${to}`);
    return at !== undefined && clock().getTime() - at < WINDOW_MS;
  };

  /** Posts one webhook change as Meta does (field `messages`), signed with the app secret; resolves with the answer's status. */
  const post = (phoneNumberId: string, value: Record<string, unknown>): Promise<number> =>
    postChange('messages', { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId }, ...value });
  /** Posts one webhook change of any field (messages, message_template_status_update), signed like Meta's. */
  const postChange = async (field: string, value: Record<string, unknown>, wabaId = WABA_ID): Promise<number> => {
    if (!webhook) return 0;
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: wabaId, changes: [{ field, value }] }] });
    const signature = `sha256=${createHmac('sha256', webhook.appSecret).update(body).digest('hex')}`;
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return 0;
    }
  };

  const status: WhatsAppSink['status'] = async (id, s, error) => {
    const m = store.find((x) => x.id === id);
    if (!m) return 404;
    return post(m.phoneNumberId, {
      statuses: [
        {
          id,
          status: s,
          timestamp: String(Math.floor(clock().getTime() / 1000)),
          recipient_id: m.to,
          ...(m.reference ? { biz_opaque_callback_data: m.reference } : {}),
          ...(s === 'failed'
            ? {
                errors: [
                  {
                    code: error?.code ?? 131026,
                    title: error?.title ?? 'Message undeliverable',
                    message: error?.title ?? 'Message undeliverable',
                    error_data: { details: error?.details ?? 'The message could not be delivered to the recipient.' },
                  },
                ],
              }
            : {}),
        },
      ],
    });
  };

  const receive: WhatsAppSink['receive'] = async ({ from, text = 'Hi', phoneNumberId = o.defaultPhoneNumberId ?? '100000000000001' }) => {
    const wa = digits(from);
    const at = clock();
    lastInbound.set(`${phoneNumberId}|${wa}`, at.getTime());
    const msg: WhatsAppSinkInbound = { id: `wamid.${randomUUID().replace(/-/g, '')}`, phoneNumberId, from: wa, text, receivedAt: at.toISOString() };
    inbound.unshift(msg);
    inbound.length = Math.min(inbound.length, CAP);
    await post(phoneNumberId, {
      contacts: [{ profile: { name: 'Member' }, wa_id: wa }],
      messages: [{ from: wa, id: msg.id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body: text } }],
    });
    return msg;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const reply = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    /** The Cloud API's error shape (OAuthException, numeric code, details in error_data). */
    const apiError = (code: number, message: string, errorCode: number, details?: string) =>
      reply(code, {
        error: {
          message,
          type: 'OAuthException',
          code: errorCode,
          ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
          fbtrace_id: randomUUID().replace(/-/g, '').slice(0, 27),
        },
      });
    const body = <T>(then: (b: T) => unknown) =>
      readJson(req).then(
        (raw) => void then(raw as T),
        () => apiError(400, '(#100) The request body is not JSON', 100),
      );

    const manage = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/message_templates$/);
    if (manage && (req.method === 'POST' || req.method === 'GET')) {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return apiError(401, 'Invalid OAuth access token.', 190);
      const wabaId = manage[2]!;
      if (req.method === 'GET') {
        const name = url.searchParams.get('name');
        return reply(200, { data: [...submitted.values()].filter((t) => t.wabaId === wabaId && (!name || t.name === name)).map(templateView) });
      }
      void body<{ name?: unknown; language?: unknown; category?: unknown; components?: { type?: unknown; text?: unknown }[] }>((b) => {
        const text = Array.isArray(b.components) ? b.components.find((c) => c?.type === 'BODY')?.text : undefined;
        if (
          typeof b.name !== 'string' ||
          !/^[a-z0-9_]{1,512}$/.test(b.name) ||
          typeof b.language !== 'string' ||
          !['MARKETING', 'UTILITY'].includes(String(b.category)) ||
          typeof text !== 'string' ||
          text.length === 0 ||
          text.length > 1024
        )
          return apiError(400, '(#100) Invalid parameter', 100);
        if ([...submitted.values()].some((t) => t.wabaId === wabaId && t.name === b.name && t.language === b.language))
          return apiError(400, '(#2388024) Content in this language already exists', 2388024, `${b.name} already has content in ${b.language}`);
        const t: WhatsAppSinkSubmitted = {
          id: String(1_000_000_000_000 + submitted.size + 1),
          wabaId,
          name: b.name,
          language: b.language,
          category: b.category as 'MARKETING',
          body: text,
          status: 'PENDING',
          rejectedReason: 'NONE',
        };
        submitted.set(t.id, t);
        reply(200, { id: t.id, status: 'PENDING', category: t.category });
        decide(t);
      });
      return;
    }
    const edit = url.pathname.match(/^\/(v\d+\.\d+)\/(\d+)$/);
    if (edit && req.method === 'POST' && submitted.has(edit[2]!)) {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return apiError(401, 'Invalid OAuth access token.', 190);
      void body<{ category?: unknown; components?: { type?: unknown; text?: unknown }[] }>((b) => {
        const t = submitted.get(edit[2]!)!;
        const text = Array.isArray(b.components) ? b.components.find((c) => c?.type === 'BODY')?.text : undefined;
        if (typeof text !== 'string' || text.length === 0 || text.length > 1024) return apiError(400, '(#100) Invalid parameter', 100);
        if (b.category !== undefined && !['MARKETING', 'UTILITY'].includes(String(b.category))) return apiError(400, '(#100) Invalid parameter', 100);
        t.body = text;
        if (b.category !== undefined) t.category = b.category as 'MARKETING';
        t.status = 'PENDING';
        t.rejectedReason = 'NONE';
        reply(200, { success: true });
        decide(t);
      });
      return;
    }
    const send = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
    if (send && req.method === 'POST') {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return apiError(401, 'Invalid OAuth access token.', 190);
      void body<{
        messaging_product?: unknown;
        to?: unknown;
        type?: unknown;
        text?: { body?: unknown };
        template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
        biz_opaque_callback_data?: unknown;
      }>((b) => {
        const phoneNumberId = send[2]!;
        if (b.messaging_product !== 'whatsapp' || typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) return apiError(400, '(#100) Invalid parameter', 100);
        let text: string;
        let template: WhatsAppSinkMessage['template'] = null;
        if (b.type === 'text') {
          if (typeof b.text?.body !== 'string' || b.text.body.length === 0) return apiError(400, '(#100) Invalid parameter', 100);
          if (!inWindow(phoneNumberId, b.to))
            return apiError(
              400,
              '(#131047) Re-engagement message',
              131047,
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            );
          text = b.text.body;
        } else if (b.type === 'template') {
          const name = b.template?.name;
          const language = b.template?.language?.code;
          if (typeof name !== 'string' || typeof language !== 'string') return apiError(400, '(#100) Invalid parameter', 100);
          const approved = templates.get(`${name}|${language}`) ?? approvedSubmitted(name, language);
          if (!approved)
            return apiError(400, '(#132001) Template name does not exist in the translation', 132001, `template name (${name}) does not exist in ${language}`);
          const components = Array.isArray(b.template?.components) ? (b.template.components as { type?: unknown; parameters?: unknown }[]) : [];
          const bodyParams = components.find((c) => c?.type === 'body')?.parameters;
          const parameters = (Array.isArray(bodyParams) ? bodyParams : []).map((p: { type?: unknown; text?: unknown }) =>
            p?.type === 'text' && typeof p.text === 'string' ? p.text : null,
          );
          const expected = new Set([...approved.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
          if (parameters.length !== expected || parameters.some((p) => p === null || p.trim() === '' || /[\n\t]| {5,}/.test(p)))
            return apiError(
              400,
              '(#132000) Number of parameters does not match the expected number of params',
              132000,
              `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
            );
          text = approved.body.replace(/\{\{(\d+)\}\}/g, (_w, n: string) => parameters[Number(n) - 1]!);
          template = { name, language, parameters: parameters as string[] };
        } else return apiError(400, '(#100) Invalid parameter', 100);
        if (failures.count > 0) {
          failures.count -= 1;
          return apiError(failures.status, 'Service temporarily unavailable (stand-in failure)', 2);
        }
        const id = `wamid.${randomUUID().replace(/-/g, '')}`;
        store.unshift({
          id,
          version: send[1]!,
          phoneNumberId,
          to: b.to,
          type: b.type,
          body: text,
          template,
          reference: typeof b.biz_opaque_callback_data === 'string' ? b.biz_opaque_callback_data : null,
          receivedAt: clock().toISOString(),
        });
        store.length = Math.min(store.length, CAP);
        reply(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] });
        if (o.autoStatuses !== false && webhook) void status(id, 'sent').then(() => status(id, 'delivered'));
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
    if (url.pathname === '/templates' && req.method === 'GET') return reply(200, { templates: [...templates.values()] });
    if (url.pathname === '/control/templates' && req.method === 'POST') {
      void body<{ templates?: WhatsAppSinkTemplate[] }>((b) => {
        setTemplates(Array.isArray(b.templates) ? b.templates : []);
        reply(200, { templates: templates.size });
      });
      return;
    }
    if (url.pathname === '/control/inbound' && req.method === 'POST') {
      void body<{ from?: unknown; text?: unknown; phoneNumberId?: unknown }>((b) => {
        if (typeof b.from !== 'string' || digits(b.from).length < 8) return reply(400, { error: 'from: a phone number' });
        void receive({
          from: b.from,
          ...(typeof b.text === 'string' ? { text: b.text } : {}),
          ...(typeof b.phoneNumberId === 'string' ? { phoneNumberId: b.phoneNumberId } : {}),
        }).then((m) => reply(200, m));
      });
      return;
    }
    if (url.pathname === '/control/webhook' && req.method === 'POST') {
      void body<{ url?: unknown; appSecret?: unknown }>((b) => {
        webhook = typeof b.url === 'string' && typeof b.appSecret === 'string' ? { url: b.url, appSecret: b.appSecret } : null;
        reply(200, { webhook: webhook?.url ?? null });
      });
      return;
    }
    if (url.pathname === '/control/status' && req.method === 'POST') {
      void body<{ id?: unknown; status?: unknown; error?: { code?: unknown; title?: unknown; details?: unknown } }>((b) => {
        if (typeof b.id !== 'string' || !['sent', 'delivered', 'read', 'failed'].includes(String(b.status))) return reply(400, { error: 'id and status' });
        const e = b.error;
        void status(
          b.id,
          b.status as 'sent',
          e && typeof e.code === 'number' && typeof e.title === 'string'
            ? { code: e.code, title: e.title, ...(typeof e.details === 'string' ? { details: e.details } : {}) }
            : undefined,
        ).then((answered) => reply(200, { answered }));
      });
      return;
    }
    if (url.pathname === '/control/fail' && req.method === 'POST') {
      void body<{ count?: unknown; status?: unknown }>((b) => {
        failures = { count: Number(b.count ?? 1), status: Number(b.status ?? 500) };
        reply(200, failures);
      });
      return;
    }
    if (url.pathname === '/healthz' && req.method === 'GET') return reply(200, { ok: true, service: SERVICE, messages: store.length });
    return reply(404, {
      error: 'not found',
      routes: [
        'POST /{version}/{phone-number-id}/messages',
        'POST|GET /{version}/{waba-id}/message_templates',
        'POST /{version}/{template-id}',
        'GET /messages?to=',
        'DELETE /messages',
        'GET /templates',
        'POST /control/templates',
        'POST /control/inbound',
        'POST /control/webhook',
        'POST /control/status',
        'POST /control/fail',
        'GET /healthz',
      ],
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
    inbound: () => [...inbound],
    clear: () => {
      const n = store.length;
      store.length = 0;
      return n;
    },
    setTemplates,
    submitted: () => [...submitted.values()].reverse(),
    setWebhook: (w) => {
      webhook = w;
    },
    receive,
    status,
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
