// What every service inherits from the kit's HTTP layer (issue 8 findings 1, 4, 6, 7, 9, 10 and issue 7's enforced
// response contracts), on a small service built with createService + addRoute: app.inject where that is enough, a
// real listening server for what only a socket shows (header overflow, broken HTTP, the ops port).
import { ErrorBody, ok, Text, type RouteContract } from '@akhada/contracts';
import { connect } from 'node:net';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenVerifier } from '../src/auth/verifier.ts';
import { AppError, unauthenticated } from '../src/errors.ts';
import { addRoute, createService, listen, opsAppOf, type App } from '../src/http/create-service.ts';
import { trustedGateways } from '../src/http/trusted-gateways.ts';
import { testInfra } from '../src/testing/infra.ts';

const UID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token !== 'good') throw unauthenticated('Your session is not valid. Please sign in again.');
    return { sub: UID, org: UID, role: 'owner', locs: [], sid: UID, name: 'Asha', iat: 0, exp: 0 };
  },
};

/** Every log line the service writes, parsed. */
const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

const Problem = ErrorBody;
const routes = {
  create: {
    method: 'POST',
    path: '/things',
    body: z.object({ name: Text('Name').trim().min(1).max(50) }),
    responses: { 201: ok(z.object({ name: z.string() })), 400: Problem },
    auth: false,
    summary: 'test route',
  },
  rawText: {
    method: 'POST',
    path: '/raw-text',
    body: z.object({ value: z.string() }),
    responses: { 200: ok(z.object({ stored: z.string() })), 400: Problem },
    auth: false,
    summary: 'test route',
  },
  get: {
    method: 'GET',
    path: '/things/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: ok(z.object({ id: z.string() })) },
    auth: false,
    summary: 'test route',
  },
  me: {
    method: 'GET',
    path: '/me',
    responses: { 200: ok(z.object({ userId: z.uuid() })), 401: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer', 'member'],
    summary: 'test route',
  },
  broken: { method: 'GET', path: '/broken', responses: { 200: ok(z.object({ count: z.number().int() })) }, auth: false, summary: 'test route' },
  extra: { method: 'GET', path: '/extra', responses: { 200: ok(z.object({ shown: z.string() })) }, auth: false, summary: 'test route' },
  limited: { method: 'GET', path: '/limited', responses: { 200: ok(z.object({})), 429: Problem }, auth: false, summary: 'test route' },
  ip: { method: 'GET', path: '/ip', responses: { 200: ok(z.object({ ip: z.string() })) }, auth: false, summary: 'test route' },
} satisfies Record<string, RouteContract>;

let app: App;
let pool: pg.Pool;
let ports: { port: number; opsPort: number | undefined };

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: (await testInfra()).databaseUrl, max: 2 });
  const svc = createService({ name: 'kit-http-test', logger, verifier, readiness: { database: () => pool.query('select 1') } });
  addRoute(svc, routes.create, async ({ body }, _req, reply) => reply.status(201).send({ success: true, data: { name: body.name } }));
  // No contract check on purpose: the database's refusal of U+0000 (22021) must still be a 400, never a 500.
  addRoute(svc, routes.rawText, async ({ body }) => {
    const { rows } = await pool.query<{ v: string }>('select $1::text as v', [body.value]);
    return { success: true, data: { stored: rows[0]!.v } };
  });
  addRoute(svc, routes.get, async ({ params }) => ({ success: true, data: { id: params.id } }));
  addRoute(svc, routes.me, async ({ ctx }) => ({ success: true, data: { userId: ctx.userId } }));
  addRoute(svc, routes.broken, async () => ({ success: true, data: { count: 'three' } }) as never);
  addRoute(svc, routes.extra, async () => ({ success: true, data: { shown: 'yes', passwordHash: 'secret' } }) as never);
  addRoute(svc, routes.limited, async () => {
    throw new AppError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait a minute and try again.');
  });
  addRoute(svc, routes.ip, async (_input, req) => ({ success: true, data: { ip: req.ip } }));
  app = svc.app;
  ports = await listen({ app, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
});

const problem = (res: { json(): unknown }) => ErrorBody.parse(res.json());

/** Sends raw bytes to a listening server and returns everything it answers before closing. */
const raw = (port: number, bytes: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.write(bytes);
  });

describe('finding 1: U+0000 in text is a 400 that says so', () => {
  it('is refused by the contract’s shared text schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Gold\u0000Gym' } });
    expect(res.statusCode).toBe(400);
    expect(problem(res)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('must not contain the NUL character') });
  });

  it('is a 400, not a 500, when only PostgreSQL refuses it (22021)', async () => {
    const res = await app.inject({ method: 'POST', url: '/raw-text', payload: { value: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(problem(res)).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('cannot be stored') });
  });
});

describe('finding 4: rejections before any route carry the one error body', () => {
  it('a broken %-escape in the URL: 400 with success:false and the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/things/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    const body = problem(res);
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: expect.stringContaining('%-escape') });
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('a path parameter longer than the router takes: 414 with the body', async () => {
    const res = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(problem(res)).toMatchObject({ success: false, code: 'URI_TOO_LONG', requestId: expect.any(String) });
  });

  it('headers larger than Node takes: 431 with the body', async () => {
    const res = await raw(ports.port, `GET /things/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(ErrorBody.parse(JSON.parse(res.body))).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE', requestId: expect.any(String) });
  });

  it('a request that is not HTTP: 400 with the body', async () => {
    const res = await raw(ports.port, 'HELLO? /things HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(JSON.parse(res.body))).toMatchObject({ success: false, code: 'BAD_REQUEST', requestId: expect.any(String) });
  });

  it.each([
    ['a request line too long', `GET /things/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    [
      'a malformed chunked body',
      'POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'Content-Length and Transfer-Encoding together',
      'POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    ['a control character in the request line', 'GET /things/1\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['bytes that are not HTTP at all', 'HELLO\r\n\r\n'],
  ])('%s: a 4xx with the body, and the connection closed', async (_name, bytes) => {
    const res = await raw(ports.port, bytes);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(ErrorBody.parse(JSON.parse(res.body))).toMatchObject({ success: false, requestId: expect.any(String) });
  });

  it('a "__proto__" key is refused saying so, not as "not valid JSON"', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(problem(res).message).toMatch(/"__proto__"/);
    const broken = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(problem(broken).message).toBe('The request body is not valid JSON');
  });
});

describe('finding 6: operational endpoints are on the internal ops port only', () => {
  it('answers 404 for /health, /ready, /metrics and /docs/json on the service port, 200 on the ops port', async () => {
    for (const path of ['/health', '/ready', '/metrics', '/docs/json']) {
      const onService = await fetch(`http://127.0.0.1:${ports.port}${path}`);
      expect(onService.status, path).toBe(404);
      const onOps = await fetch(`http://127.0.0.1:${ports.opsPort}${path}`);
      expect(onOps.status, path).toBe(200);
    }
  });

  it('serves them on the ops port: readiness, Prometheus text with per-route histograms, the OpenAPI 3.1 document', async () => {
    await app.inject({ method: 'GET', url: '/things/abc' });
    const ops = opsAppOf(app)!;
    expect((await ops.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', service: 'kit-http-test' });
    const ready = await ops.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
    const metrics = await ops.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/things\/:id"[^}]*status="200"/);
    expect(metrics.body).toContain('process_resident_memory_bytes');
    expect(metrics.body).toContain('nodejs_eventloop_lag_seconds');
    const doc = (await ops.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/things', '/things/{id}', '/me']));
    expect(doc.paths['/me'].get.security).toEqual([{ bearer: [] }]);
  });
});

describe('finding 7: X-Forwarded-For is believed only from the gateway’s addresses', () => {
  it('takes a private or other peer at its socket address, whatever it claims', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', '::1']) {
      const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.77' } });
      expect(res.json().data.ip, remoteAddress).toBe(remoteAddress);
    }
  });

  it('resolves a gateway given by host name (a container) and trusts what it resolves to', async () => {
    const t = trustedGateways('localhost');
    expect(t.trust('127.0.0.1', 0)).toBe(false);
    await t.resolve();
    expect(t.trust('127.0.0.1', 0) || t.trust('::1', 0)).toBe(true);
  });

  it('believes the gateway (TRUSTED_GATEWAYS, default 127.0.0.1)', async () => {
    const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(res.json().data.ip).toBe('198.51.100.77');
  });
});

describe('finding 9: authenticated answers are never stored by a shared cache', () => {
  it('sends Cache-Control: no-store on a protected route, its refusal included', async () => {
    const okRes = await app.inject({ method: 'GET', url: '/me', headers: { authorization: 'Bearer good' } });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: '/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('finding 10: every 429 says when to retry', () => {
  it('adds Retry-After to a 429 from a use case', async () => {
    const res = await app.inject({ method: 'GET', url: '/limited' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('issue 7: replies are held to their contract', () => {
  it('fails a reply that breaks its contract with a 500 and an error-level log line naming the route and the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(problem(res).code).toBe('INTERNAL');
    const logged = lines.find((l) => l.level >= 50 && String(l.msg).includes('breaks its contract'));
    expect(logged?.msg).toMatch(/GET \/broken.*data\.count/);
  });

  it('fails a reply that carries a field its contract does not declare (a leaked column, say)', async () => {
    const res = await app.inject({ method: 'GET', url: '/extra' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    const logged = lines.find((l) => l.level >= 50 && String(l.msg).includes('GET /extra'));
    expect(logged?.msg).toMatch(/data\.passwordHash: not declared by the contract/);
  });

  it('sends a reply that keeps its contract as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/things/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"success":true,"data":{"id":"abc"}}');
  });
});
