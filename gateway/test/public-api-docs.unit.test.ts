import { allRouteContracts, ok, route, WEBHOOK_KINDS, type RegisteredRoute } from '@akhada/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerApiDocs } from '../src/api-docs.ts';
import { apiScopeOf, keyRoutes, publicApiDocument } from '../src/public-api-docs.ts';

type Doc = Awaited<ReturnType<typeof publicApiDocument>>;
type Op = { 'x-required-scope'?: string; security?: unknown; description?: string; responses: Record<string, { headers?: Record<string, unknown> }> };
const operations = (doc: Doc) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Op>).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
const keyOf = (r: RegisteredRoute) => `${r.contract.method} /api${r.contract.path.replace(/:(\w+)/g, '{$1}')}`;

// Two routes of our own: one a key may call (it names its scope), one it may not.
const sample: RegisteredRoute[] = [
  {
    service: 'members',
    name: 'members.sampleList',
    contract: {
      ...route({ method: 'GET', path: '/members/sample', responses: { 200: ok(z.array(z.string())) }, auth: true, roles: ['owner'], summary: 'Lists.' }),
      apiScope: { area: 'members', access: 'read' },
    } as RegisteredRoute['contract'],
  },
  {
    service: 'members',
    name: 'members.sampleSecret',
    contract: route({ method: 'POST', path: '/members/secret', responses: { 200: ok(z.string()) }, auth: true, roles: ['owner'], summary: 'People only.' }),
  },
];

describe('the public API reference', () => {
  it('lists only the routes a key may call, each with its scope, the key scheme, an example and the rate-limit headers', async () => {
    const doc = await publicApiDocument(sample);
    const ops = operations(doc);
    expect(ops.map((o) => o.key)).toEqual(['GET /api/members/sample']);
    const op = ops[0]!.op;
    expect(op['x-required-scope']).toBe('members:read');
    expect(op.security).toEqual([{ apiKey: [] }, { bearerKey: [] }]);
    expect(op.description).toContain('curl https://<your-gym-domain>/api/members/sample');
    expect(Object.keys(op.responses['200']!.headers!)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(Object.keys(op.responses['429']!.headers!)).toContain('Retry-After');
    expect((doc.components as { securitySchemes: Record<string, unknown> }).securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
  });

  it('of the real contracts: exactly the routes with an apiScope, never one without (sign-in, webhooks settings)', async () => {
    const doc = await publicApiDocument();
    const documented = operations(doc);
    expect(keyRoutes().length).toBeGreaterThan(10);
    expect(documented.map((o) => o.key).sort()).toEqual(keyRoutes().map(keyOf).sort());
    for (const r of allRouteContracts.filter((x) => !apiScopeOf(x))) expect(documented.map((o) => o.key)).not.toContain(keyOf(r));
    for (const { op } of documented) expect(op['x-required-scope']).toMatch(/^[a-z]+:(read|write)$/);
    expect(doc.paths?.['/api/auth/login']).toBeUndefined();
    expect(doc.paths?.['/api/settings/integrations/webhooks']).toBeUndefined();
  });

  it('documents every webhook kind with its version and payload schema, and how to verify the signature', async () => {
    const doc = await publicApiDocument(sample);
    const hooks = doc.webhooks as Record<
      string,
      {
        post: {
          'x-webhook-version': number;
          requestBody: { content: { 'application/json': { schema: { properties: Record<string, { const?: unknown }> } } } };
        };
      }
    >;
    expect(Object.keys(hooks).sort()).toEqual(Object.keys(WEBHOOK_KINDS).sort());
    for (const [type, kind] of Object.entries(WEBHOOK_KINDS)) {
      const schema = hooks[type]!.post.requestBody.content['application/json'].schema;
      expect(hooks[type]!.post['x-webhook-version']).toBe(kind.version);
      expect(schema.properties.type!.const).toBe(type);
      expect(schema.properties.version!.const).toBe(kind.version);
      expect(schema.properties.data).toBeDefined();
    }
    expect(JSON.stringify(hooks['payment.refunded'])).toContain('refundPaise');
    expect((doc as unknown as { info: { description: string } }).info.description).toContain('Akhada-Signature: t=<unix seconds>,v1=<signature>');
  });

  it('is served as a readable page and as JSON, from our own files (no CDN)', async () => {
    const app = Fastify();
    await registerApiDocs(app, '/api/docs', await publicApiDocument(sample));
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Swagger UI</title>');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\/[^"]*\.(js|css)/);
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(json.json().webhooks)).toHaveLength(Object.keys(WEBHOOK_KINDS).length);
    await app.close();
  });
});
