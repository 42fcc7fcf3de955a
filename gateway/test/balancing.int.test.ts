// A service with several instances behind the gateway: round-robin across them, a dead instance out at once (its
// refused connection) and the request sent to another one (body included), back in when its readiness passes.
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';

const GOOD = 'good-token';
const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token !== GOOD) throw Object.assign(new Error('Your session is not valid. Please sign in again.'), { status: 401, code: 'UNAUTHENTICATED' });
    return { sub: 'u', org: 'o', role: 'owner', locs: [], sid: 's', name: 'n', iat: 0, exp: 0 } as never;
  },
};

interface Instance {
  name: string;
  server: Server;
  port: number;
  bodies: string[];
  ready: boolean;
}
const instances: Instance[] = [];
let app: FastifyInstance;

const listen = (inst: Omit<Instance, 'server' | 'port'>, port = 0): Promise<Instance> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      if (req.url === '/ready') return void res.writeHead(inst.ready ? 200 : 503).end();
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        inst.bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ success: true, data: { served: inst.name } }));
      });
    });
    server.listen(port, '127.0.0.1', () => resolve(Object.assign(inst, { server, port: (server.address() as AddressInfo).port })));
  });
const close = (i: Instance) => new Promise((r) => i.server.close(r));
const checkIn = (n: number) =>
  app.inject({ method: 'POST', url: '/api/attendance/check-in', headers: { authorization: `Bearer ${GOOD}` }, payload: { memberId: `m${n}` } });
const servedBy = (res: { json(): unknown }) => (res.json() as { data: { served: string } }).data.served;
/** Polls the condition (a request each time) until it holds; fails after 5 s. */
beforeAll(async () => {
  instances.push(await listen({ name: 'a', bodies: [], ready: true }), await listen({ name: 'b', bodies: [], ready: true }));
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    routes: routeTable({ ATTENDANCE_URL: instances.map((i) => `http://127.0.0.1:${i.port}`).join(',') }),
    // The stand-ins answer /ready on their own port.
    upstreamHealth: { intervalMs: 50, readyUrlOf: (u) => `${u}/ready` },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await Promise.all(instances.map(close));
});

describe('gateway balancing across instances', () => {
  it('sends requests to every instance in turn', async () => {
    const served = [];
    for (let n = 0; n < 6; n++) served.push(servedBy(await checkIn(n)));
    expect(served.filter((s) => s === 'a')).toHaveLength(3);
    expect(served.filter((s) => s === 'b')).toHaveLength(3);
  });

  it('sends a request refused by a dead instance to the other one, body and all, and leaves the dead one out', async () => {
    const [a, b] = instances as [Instance, Instance];
    await close(b);
    b.bodies.length = 0;
    a.bodies.length = 0;
    const results = [];
    for (let n = 100; n < 106; n++) results.push(await checkIn(n));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.map(servedBy)).toEqual(['a', 'a', 'a', 'a', 'a', 'a']);
    // Each request reached a once, with its body: none lost, none twice.
    expect(a.bodies.map((x) => (JSON.parse(x) as { memberId: string }).memberId)).toEqual(['m100', 'm101', 'm102', 'm103', 'm104', 'm105']);
  });

  it('brings an instance back when its readiness passes, and takes it out when it fails', async () => {
    const b = instances[1]!;
    await listen(b, b.port); // b is back on its port and ready
    const servedRecently: string[] = [];
    await vi.waitUntil(async () => servedRecently.push(servedBy(await checkIn(200))) > 0 && servedRecently.at(-1) === 'b', { timeout: 5_000, interval: 20 });
    // Not ready (e.g. shutting down): out within a few checks; then every request goes to a.
    b.ready = false;
    let run = 0;
    await vi.waitUntil(async () => (run = servedBy(await checkIn(300)) === 'a' ? run + 1 : 0) >= 4, { timeout: 5_000, interval: 20 });
    const before = b.bodies.length;
    for (let n = 0; n < 6; n++) expect(servedBy(await checkIn(400 + n))).toBe('a');
    expect(b.bodies.length).toBe(before);
  });

  it('answers 503 when every instance is down', async () => {
    await Promise.all(instances.map(close));
    const res = await checkIn(500);
    expect(res.statusCode).toBe(503);
    expect((res.json() as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
  });
});
