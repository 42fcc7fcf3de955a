// The edge's own guarantees (issue 8 findings 2, 4, 5, 6, 8, 9, 10; issue 7: guest paths from the contracts and the
// merged API document), with a real kit service and a plain stand-in behind it. Body limits and broken chunked bodies
// go through a real listening gateway, since only a socket shows what a client sees.
import { ErrorBody, ok, type RouteContract } from '@akhada/contracts';
import { allRouteContracts } from '@akhada/contracts';

const allRoutes = allRouteContracts.map((r) => r.contract);
import { addRoute, createService, listen, opsAppOf, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildGateway } from '../src/build-app.ts';
import { loadGatewayConfig } from '../src/config.ts';
import { rateLimitKey } from '../src/rate-limit.ts';
import { routeTable } from '../src/route-table.ts';

const ORG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const USERS: Record<string, string> = { 'token-a': '0190a1b2-c3d4-7e5f-8a9b-00000000000a', 'token-b': '0190a1b2-c3d4-7e5f-8a9b-00000000000b' };
const verifier: TokenVerifier = {
  verify: async (token) => {
    // token-a, token-b, and user-<n> for tests that need many users (each has its own rate-limit budget).
    const n = /^user-(\d{1,4})$/.exec(token)?.[1];
    const sub = USERS[token] ?? (n ? `0190a1b2-c3d4-7e5f-8a9b-${n.padStart(12, '0')}` : undefined);
    if (!sub) throw Object.assign(new Error('Your session is not valid. Please sign in again.'), { status: 401, code: 'UNAUTHENTICATED' });
    return { sub, org: ORG, role: 'owner', locs: [], sid: sub, name: 'n', iat: 0, exp: 0 };
  },
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every line the gateway logs. */
const gatewayLines: { level: number; msg: string }[] = [];
const gatewayLogger = pino({ level: 'info' }, { write: (line: string) => void gatewayLines.push(JSON.parse(line)) });

// Behind the gateway: a real kit service for /members (it enforces the same body limit), a plain stand-in elsewhere.
const echo = {
  method: 'POST',
  path: '/members/echo',
  body: z.object({ data: z.string() }),
  responses: { 200: ok(z.object({ bytes: z.number().int() })) },
  auth: false,
  summary: 'test route: counts the bytes of its body',
} satisfies RouteContract;
const memberHits: string[] = [];
let members: FastifyInstance;
/** A service with a smaller body limit of its own (100 KB), to see its 413 through the edge. */
let trainers: FastifyInstance;
const smallEcho = { ...echo, path: '/trainers/echo' } satisfies RouteContract;
let stub: Server;
const stubSeen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

let gateway: FastifyInstance;
let gatewayPort: number;
let production: FastifyInstance;
let fixture: string;

const bigJson = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes) });

/** A POST through the real gateway; `chunked` sends the body without a length. */
const post = (path: string, body: string, { chunked = false, headers = {} as Record<string, string> } = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gatewayPort,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (chunked) {
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });

beforeAll(async () => {
  const svc = createService({ name: 'members-stand-in', logger: pino({ level: 'silent' }) });
  svc.app.addHook('onRequest', async (req) => void memberHits.push(req.url));
  addRoute(svc, echo, async ({ body }) => ({ success: true, data: { bytes: body.data.length } }));
  members = svc.app;
  const { port: membersPort } = await listen({ app: members, port: 0, host: '127.0.0.1' });
  const small = createService({ name: 'trainers-stand-in', logger: pino({ level: 'silent' }), bodyLimit: 100_000 });
  addRoute(small, smallEcho, async ({ body }) => ({ success: true, data: { bytes: body.data.length } }));
  trainers = small.app;
  const { port: trainersPort } = await listen({ app: trainers, port: 0, host: '127.0.0.1' });

  stub = createServer((req, res) => {
    stubSeen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{}}'));
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

  // A built frontend and a server build that writes the origin it is given into the canonical link.
  fixture = mkdtempSync(join(tmpdir(), 'gateway-hardening-'));
  mkdirSync(join(fixture, 'dist'));
  mkdirSync(join(fixture, 'dist-ssr'));
  writeFileSync(join(fixture, 'dist', 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(fixture, 'dist-ssr', 'landing-snapshot.js'),
    `export const renderLandingRoot = async () => '<main>hi</main>';
     export const renderLandingDocument = (html, { root, origin }) => html.replace('</head>', '<link rel="canonical" href="' + origin + '/" /></head>').replace('<div id="root"></div>', '<div id="root">' + root + '</div>');`,
  );

  gateway = await buildGateway({
    logger: gatewayLogger,
    verifier,
    routes: routeTable({
      MEMBERS_URL: `http://127.0.0.1:${membersPort}`,
      TRAINERS_URL: `http://127.0.0.1:${trainersPort}`,
      AUTH_URL: stubUrl,
      NOTIFICATIONS_URL: stubUrl,
      // Guest routes of these services too (Razorpay's webhook, chat's signed file links, a member's calendar feed).
      PAYMENTS_URL: stubUrl,
      CHAT_URL: stubUrl,
      SCHEDULING_URL: stubUrl,
      ENQUIRIES_URL: stubUrl,
    }),
    authRateLimitPerMinute: 3,
    rateLimitPerMinute: 5,
    frontendDist: join(fixture, 'dist'),
  });
  ({ port: gatewayPort } = await listen({ app: gateway, port: 0, host: '127.0.0.1' }));

  production = await buildGateway({
    logger: pino({ level: 'silent' }),
    verifier,
    routes: routeTable({ AUTH_URL: stubUrl }),
    frontendDist: join(fixture, 'dist'),
    publicOrigin: 'https://akhada.example',
  });
  await production.ready();
});
afterAll(async () => {
  await gateway?.close();
  await production?.close();
  await members?.close();
  await trainers?.close();
  await new Promise((r) => stub?.close(r));
  if (fixture) rmSync(fixture, { recursive: true, force: true });
});

const problem = (text: string) => ErrorBody.parse(JSON.parse(text));

describe('finding 2: the edge enforces the body limit', () => {
  it('answers 413 PAYLOAD_TOO_LARGE for a declared length over 1 MB, every time, and the service never sees it', async () => {
    const before = memberHits.length;
    for (const size of [1_100_000, 10_000_000, 1_100_000, 1_100_000, 10_000_000]) {
      const res = await post('/api/members/echo', bigJson(size), { headers: bearer('token-a') });
      expect(res.status, `${size} bytes`).toBe(413);
      expect(problem(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1 MB') });
    }
    expect(memberHits.length).toBe(before);
  });

  it('counts a chunked body: 413 above the limit, passed on whole below it', async () => {
    const before = memberHits.length;
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/members/echo', bigJson(1_100_000), { chunked: true, headers: bearer('token-b') });
      expect(res.status).toBe(413);
      expect(problem(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(memberHits.length).toBe(before);
    const fits = await post('/api/members/echo', bigJson(900_000), { chunked: true, headers: bearer('token-b') });
    expect(fits.status, fits.body).toBe(200);
    expect(JSON.parse(fits.body).data.bytes).toBe(900_000);
  });
});

/**
 * One keep-alive connection: `first` (head and body written as given, in 64 KiB pieces), then once its answer came
 * and the body is all written, `next` on the same connection. Returns both status lines (0: no answer in time).
 */
const sameConnection = (first: { head: string; body: Buffer }, next: string, timeoutMs = 3_000) =>
  new Promise<{ first: number; next: number; firstText: string; closed: boolean }>((resolve) => {
    const socket = connect(gatewayPort, '127.0.0.1');
    let buf = '';
    let firstStatus = 0;
    let firstText = '';
    let written = false;
    let nextSent = false;
    let closed = false;
    const done = (nextStatus: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ first: firstStatus, next: nextStatus, firstText, closed });
    };
    const timer = setTimeout(() => done(0), timeoutMs);
    const maybeNext = () => {
      if (!firstStatus || !written || nextSent) return;
      nextSent = true;
      socket.write(next);
    };
    socket.on('data', (c: Buffer) => {
      buf += c.toString('latin1');
      const heads = [...buf.matchAll(/HTTP\/1\.1 (\d{3})/g)];
      if (!firstStatus && heads[0] && /\r\n\r\n[\s\S]*\}/.test(buf)) {
        firstStatus = Number(heads[0][1]);
        firstText = buf;
        maybeNext();
      }
      if (heads[1]) done(Number(heads[1][1]));
    });
    socket.on('close', () => {
      closed = true;
      done(0);
    });
    socket.on('error', () => undefined);
    const writeFirst = async () => {
      socket.write(first.head);
      for (let i = 0; i < first.body.length; i += 64 * 1024) {
        if (socket.destroyed) return;
        if (!socket.write(first.body.subarray(i, i + 64 * 1024))) await new Promise((r) => socket.once('drain', r));
      }
      written = true;
      maybeNext();
    };
    socket.on('connect', () => void writeFirst());
  });

const chunkedBody = (text: string) => {
  const parts: Buffer[] = [];
  const all = Buffer.from(text);
  for (let i = 0; i < all.length; i += 64 * 1024) {
    const piece = all.subarray(i, i + 64 * 1024);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
};

describe('finding 2: the connection of a refused body stays usable', () => {
  it('answers the next request on the same keep-alive connection after a 413 for a chunked body over the limit', async () => {
    for (const [path, token] of [
      ['/api/members/echo', 'user-301'],
      ['/api/auth/login', undefined],
    ] as const) {
      const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`;
      const next = `GET /api/notifications/stats HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer user-302\r\n\r\n`;
      const res = await sameConnection({ head, body: chunkedBody(bigJson(1_200_000)) }, next);
      expect(res.first, path).toBe(413);
      expect(res.firstText).toContain('PAYLOAD_TOO_LARGE');
      expect(res.next, `the request after ${path}'s 413 on the same connection`).toBe(200);
    }
  });

  it('reads and drops at most 16 times the limit of a refused body, then closes the connection', async () => {
    const head = `POST /api/members/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nAuthorization: Bearer user-303\r\n\r\n`;
    const res = await sameConnection({ head, body: chunkedBody(bigJson(20 * 1_048_576)) }, 'GET /api/notifications/stats HTTP/1.1\r\nHost: x\r\n\r\n', 10_000);
    expect(res.first).toBe(413);
    expect(res.closed).toBe(true);
  });
});

describe('finding 2: a service’s own 413 stays a 413', () => {
  it('passes on a smaller limit’s refusal as 413 PAYLOAD_TOO_LARGE, never 503, and the connection stays usable', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const chunked of [false, true]) {
        const res = await post('/api/trainers/echo', bigJson(500_000), { chunked, headers: bearer(`user-${statuses.length + 1}`) });
        statuses.push(res.status);
        expect(problem(res.body).code).toBe('PAYLOAD_TOO_LARGE');
      }
    }
    expect(new Set(statuses)).toEqual(new Set([413]));
    const fits = await post('/api/trainers/echo', bigJson(1_000), { headers: bearer('user-100') });
    expect(fits.status).toBe(200);
  });
});

describe('finding 4: rejections before any route carry the one error body at the edge too', () => {
  it('a broken %-escape: 400 BAD_REQUEST with success:false and the request id', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/members/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json())).toMatchObject({ success: false, code: 'BAD_REQUEST', requestId: res.headers['x-request-id'] });
  });
});

describe('finding 5: the rate limiter’s key never throws', () => {
  it('falls back to "unknown" when the socket is gone', () => {
    const gone = {
      get ip(): string {
        throw new TypeError("Cannot read properties of undefined (reading 'toLowerCase')");
      },
      raw: { socket: { remoteAddress: undefined } },
    };
    expect(rateLimitKey(gone as never)).toBe('addr:unknown');
    expect(rateLimitKey({ ip: undefined, raw: { socket: {} } } as never)).toBe('addr:unknown');
  });

  it('logs no error for a malformed chunked body', async () => {
    const errorsBefore = gatewayLines.filter((l) => l.level >= 50).length;
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(gatewayPort, '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nnot a chunk\r\n',
          );
        });
        socket.on('data', () => undefined);
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
      });
    }
    // The gateway is still fine, and wrote no error line about any of it.
    expect((await gateway.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('token-a') })).statusCode).toBe(200);
    expect(gatewayLines.filter((l) => l.level >= 50).slice(errorsBefore)).toEqual([]);
  });
});

describe('finding 6: operational endpoints are not on the public edge', () => {
  it('answers 404 publicly for /health, /ready, /metrics and the docs, even with a built frontend', async () => {
    for (const path of ['/health', '/ready', '/metrics', '/docs', '/docs/json', '/documentation']) {
      const res = await gateway.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('NOT_FOUND');
    }
    // The public reference for gyms is at /api/docs; the internal document of every route is not.
    const publicDoc = (await production.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(publicDoc.info.title).toBe('Akhada API for gyms');
    expect(publicDoc.paths['/api/auth/login']).toBeUndefined();
  });

  it('serves the app for a page whose query looks like a file name (Google’s callback), and 404 for a missing file', async () => {
    const callback = await gateway.inject({
      method: 'GET',
      url: '/auth/google/callback?state=s&code=c&scope=openid+https://www.googleapis.com/auth/userinfo.email',
    });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toContain('text/html');
    expect((await gateway.inject({ method: 'GET', url: '/missing-file.js?x=1' })).statusCode).toBe(404);
  });

  it('serves them on the ops app, with the merged API document of every contract', async () => {
    const ops = opsAppOf(production)!;
    expect((await ops.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok', service: 'gateway' });
    expect((await ops.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect((await ops.inject({ method: 'GET', url: '/metrics' })).body).toContain('http_request_duration_seconds');
    const doc = (await ops.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    for (const r of allRoutes) expect(documented).toContain(`${r.method} /api${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const ui = await ops.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('<title>Swagger UI</title>');
  });
});

describe('finding 8: the landing page’s URLs never come from the Host header', () => {
  it('refuses to start in production without PUBLIC_ORIGIN', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN is required in production/);
    expect(loadGatewayConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://akhada.in/' }).PUBLIC_ORIGIN).toBe('https://akhada.in');
    expect(loadGatewayConfig({ NODE_ENV: 'development' }).PUBLIC_ORIGIN).toBeUndefined();
  });

  it('uses the configured origin, or relative URLs, whatever Host says', async () => {
    const configured = await production.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
    expect(configured.body).toContain('<link rel="canonical" href="https://akhada.example/" />');
    const unset = await gateway.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
    expect(unset.statusCode).toBe(200);
    expect(unset.body).toContain('<link rel="canonical" href="/" />');
    expect(unset.body).not.toContain('evil.example');
  });
});

describe('finding 9: signed-in answers are not kept by shared caches', () => {
  it('sends Cache-Control: no-store on proxied answers to a signed-in caller and on the refusal of a bad token', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/notifications', headers: bearer('token-a') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await gateway.inject({ method: 'GET', url: '/api/notifications', headers: bearer('forged') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('finding 10: rate limits by user when signed in, by address otherwise, always with Retry-After', () => {
  it('gives each signed-in user behind one address their own budget', async () => {
    const from = { remoteAddress: '203.0.113.50' };
    const a: number[] = [];
    for (let i = 0; i < 6; i++)
      a.push((await gateway.inject({ method: 'GET', url: '/api/notifications/stats', headers: bearer('token-a'), ...from })).statusCode);
    expect(a).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await gateway.inject({ method: 'GET', url: '/api/notifications/stats', headers: bearer('token-a'), ...from });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(limited.json()).code).toBe('RATE_LIMITED');
    // A colleague at the same desk is not affected.
    expect((await gateway.inject({ method: 'GET', url: '/api/notifications/stats', headers: bearer('token-b'), ...from })).statusCode).toBe(200);
  });

  it('keeps the tighter per-address limit for guests, and a signed-in user of that address is not caught by it', async () => {
    const from = { remoteAddress: '203.0.113.51' };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.in', password: 'x' }, ...from })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.in', password: 'x' }, ...from });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await gateway.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('token-b'), ...from })).statusCode).toBe(200);
  });
});

describe('issue 7: the edge takes its guest routes from the contracts', () => {
  it('lets a guest call exactly the routes whose contract says auth: false, and no other method or path', async () => {
    const guest = allRoutes.filter((r) => !r.auth && r.path !== '/public/landing');
    expect(guest.length).toBeGreaterThan(3);
    for (const r of guest) {
      const res = await gateway.inject({
        method: r.method,
        url: `/api${r.path}`,
        remoteAddress: `198.51.100.${guest.indexOf(r) + 10}`,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(200);
      expect(stubSeen.at(-1)).toMatchObject({ method: r.method, url: r.path });
    }
    const refused = [
      ['GET', '/api/auth/login'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/login/extra'],
      ['GET', '/api/public/contact'],
      ['DELETE', '/api/auth/register'],
    ] as const;
    for (const [i, [method, url]] of refused.entries()) {
      const res = await gateway.inject({ method, url, remoteAddress: `198.51.100.${200 + i}` });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
