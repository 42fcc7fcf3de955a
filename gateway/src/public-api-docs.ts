import {
  allRouteContracts,
  ErrorBody,
  scopeName,
  type ApiScopeNeed,
  WEBHOOK_KINDS,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookBody,
  type RegisteredRoute,
} from '@akhada/contracts';
import { openApiDocument, type OpenApiDocument } from '@akhada/kit';
import { z } from 'zod';

/**
 * The public API reference for gyms (issue 29) at `/api/docs` (Swagger UI, self-hosted by @fastify/swagger-ui) and
 * `/api/docs/json`, in production too: generated from the contracts like the internal document (api-docs.ts), but
 * only the routes an API key may call — those whose contract names an `apiScope` — each with the scope it needs, the
 * API-key scheme, a curl example and the rate-limit headers; plus every webhook kind (OpenAPI 3.1 `webhooks`) with its
 * payload schema and version, and how to verify a delivery's signature.
 */

/** The scope a route needs, as its contract names it (absent: no key may call it). */
export const apiScopeOf = (r: Pick<RegisteredRoute, 'contract'>): ApiScopeNeed | undefined => r.contract.apiScope;

/** The routes a key may call. */
export const keyRoutes = (routes: readonly RegisteredRoute[] = allRouteContracts): RegisteredRoute[] => routes.filter((r) => apiScopeOf(r) !== undefined);

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: "Requests per minute this key may make (its organization's plan's figure).", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends and the budget is full again.', schema: { type: 'integer' } },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } };

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });

const SIGNATURE_HELP = [
  '## Verifying a webhook',
  '',
  `Every delivery is a \`POST\` of JSON with the header \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<signature>\`, where the`,
  'signature is the hex HMAC-SHA256 of `"<t>.<raw body>"` keyed with the endpoint\'s signing secret (`whsec_…`, shown once',
  'when the endpoint is added in Settings → Integrations). Recompute it over the raw bytes you received, compare in',
  'constant time, and refuse a `t` more than 5 minutes old:',
  '',
  '```js',
  "const [, t, v1] = /^t=(\\d+),v1=([0-9a-f]{64})$/.exec(req.headers['akhada-signature']) ?? [];",
  "const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();",
  "const valid = v1 && crypto.timingSafeEqual(expected, Buffer.from(v1, 'hex')) && Date.now() / 1000 - Number(t) < 300;",
  '```',
  '',
  'Answer 2xx within 10 seconds; anything else is retried with back-off (30 s, 1 min, 2 min, … up to 6 h, 8 tries).',
  'The same event may arrive more than once (a retry, a redelivery from the log): `id` is the de-duplication key.',
  "`version` is the version of `data`'s schema for the `type`; a breaking change comes as a new version.",
].join('\n');

const DESCRIPTION = [
  "Your gym's own systems (website, BI tool, access control, accounting) call these routes with an API key made by",
  'the owner in Settings → API keys. Only the routes listed here accept a key; each names the scope it needs.',
  '',
  '## Authentication',
  '',
  'Send the key as `X-Api-Key: ak_live_…` (or `Authorization: Bearer ak_live_…`). A key acts for its organization in',
  'its locations only. A call outside its scopes answers 403 naming the missing scope; a revoked or expired key 401.',
  '',
  '## Rate limits',
  '',
  "Each key may make a number of requests per minute, which depends on the organization's plan (by default 60",
  'during the free trial, 300 on Pro, 1200 on Enterprise; `RateLimit-Limit` says the figure a key has now, and follows',
  'a change of plan within a minute). Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past',
  'the limit the answer is 429 with `Retry-After`. Requests per key per day are shown to the owner in Settings → API keys.',
  '',
  '## Conventions',
  '',
  'Bodies are JSON. Answers are `{ "success": true, "data": … }`; errors `{ "success": false, "code", "message", "requestId" }`.',
  'Amounts are rupees with two decimals; times ISO-8601 UTC. Webhook payloads carry integer paise (`…Paise`).',
  '',
  SIGNATURE_HELP,
].join('\n');

type Operation = Record<string, unknown> & { responses?: Record<string, Record<string, unknown>>; description?: string };

/** The OpenAPI 3.1 document of the routes a key may call, and the webhooks. */
export const publicApiDocument = async (routes: readonly RegisteredRoute[] = allRouteContracts): Promise<OpenApiDocument> => {
  const scoped = keyRoutes(routes);
  const doc = await openApiDocument({
    title: 'Akhada API for gyms',
    description: DESCRIPTION,
    routes: scoped.map((r) => ({ ...r.contract, name: r.name })),
    pathPrefix: '/api',
  });
  const byOperation = new Map(scoped.map((r) => [r.name, r]));
  const problem = json(ErrorBody);
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const r = byOperation.get(op.operationId as string);
      const need = r ? apiScopeOf(r) : undefined;
      if (!need) continue;
      const scope = scopeName(need);
      const example = `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} https://<your-gym-domain>${path.replace(/\{(\w+)\}/g, '<$1>')} \\\n  -H "X-Api-Key: $AKHADA_API_KEY"${op.requestBody ? ` \\\n  -H "Content-Type: application/json" -d '{…}'` : ''}`;
      op['x-required-scope'] = scope;
      op.security = [{ apiKey: [] }, { bearerKey: [] }];
      op.description = [
        `**Scope:** \`${scope}\`${need.access === 'read' ? ` (or \`${need.area}:write\`)` : ''}`,
        op.description ?? '',
        '```sh\n' + example + '\n```',
      ]
        .filter(Boolean)
        .join('\n\n');
      const responses = (op.responses ??= {});
      for (const [code, res] of Object.entries(responses)) if (code.startsWith('2')) res.headers = { ...(res.headers as object), ...RATE_LIMIT_HEADERS };
      responses['429'] = {
        description: "Over the key's requests per minute.",
        headers: { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER },
        content: { 'application/json': { schema: problem } },
      };
    }
  }
  doc.components = {
    ...(doc.components as object),
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key from Settings → API keys (`ak_live_…`).' },
      bearerKey: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token.' },
    },
  };
  doc.webhooks = Object.fromEntries(
    Object.entries(WEBHOOK_KINDS).map(([type, kind]) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: kind.summary,
          description: `\`type\`: \`${type}\`, \`version\`: ${kind.version}. Signed with \`${WEBHOOK_SIGNATURE_HEADER}\` (see "Verifying a webhook" above).`,
          tags: ['webhooks'],
          'x-webhook-version': kind.version,
          parameters: [{ in: 'header', name: WEBHOOK_SIGNATURE_HEADER, required: true, schema: { type: 'string', example: 't=1764400000,v1=5f1c…' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: json(WebhookBody.extend({ type: z.literal(type), version: z.literal(kind.version), data: kind.data as z.ZodType })),
              },
            },
          },
          responses: { '200': { description: 'Received (any 2xx). Anything else, or no answer in 10 s, is retried.' } },
        },
      },
    ]),
  );
  return doc;
};
