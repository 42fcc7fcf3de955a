// GET /api/settings/export is composed by the gateway from each service's own export: one type is the owning service's
// stream forwarded with the caller's token; `all` is a zip with one entry per type (a note for a type without an
// export yet, or one the service refused; inventory is one entry per part). The services here are stand-ins that answer by
// the token they get.
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { routeTable } from '../src/route-table.ts';

const roles: Record<string, string> = { owner: 'owner', member: 'member', trainer: 'trainer' };
const verifier: TokenVerifier = {
  verify: async (token: string) => {
    if (!roles[token]) throw Object.assign(new Error('Your session has expired'), { status: 401, code: 'UNAUTHENTICATED' });
    return { sub: 'u', org: 'o', role: roles[token], locs: [], sid: 's', name: 'n', iat: 0, exp: 0 } as never;
  },
};

let app: FastifyInstance;
const servers: Server[] = [];
const seen: { service: string; url: string; authorization?: string }[] = [];
/** A service's stand-in export: CSV rows naming the service and the caller; payments and inventory refuse a member (403). */
const service = async (name: string): Promise<number> => {
  const s = createServer((req, res) => {
    seen.push({ service: name, url: req.url!, authorization: req.headers.authorization });
    if ((name === 'payments' || name === 'inventory') && req.headers.authorization === 'Bearer member') {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Only gym staff can export payments' }));
      return;
    }
    const json = req.url!.includes('format=json');
    res.writeHead(200, {
      'content-type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.${json ? 'json' : 'csv'}"`,
    });
    // Written in pieces, as a streamed export is.
    res.write(json ? '[' : 'id,service\r\n');
    for (let i = 0; i < 3; i++) res.write(json ? `${i ? ',' : ''}{"id":${i},"service":"${name}"}` : `${i},${name}\r\n`);
    res.end(json ? ']' : '');
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  const url = async (n: string) => `http://127.0.0.1:${await service(n)}`;
  app = await buildGateway({
    logger: createLogger('gateway-test', 'silent'),
    verifier,
    routes: routeTable({
      MEMBERS_URL: await url('members'),
      PAYMENTS_URL: await url('payments'),
      ATTENDANCE_URL: await url('attendance'),
      FEEDBACK_URL: await url('feedback'),
      INVENTORY_URL: await url('inventory'),
      AUTH_URL: await url('auth'),
    }),
    authRateLimitPerMinute: 1000,
    rateLimitPerMinute: 1000,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('gateway: GET /api/settings/export', () => {
  it('forwards one type to the service that owns it, with the caller’s token, as it streams', async () => {
    seen.length = 0;
    const res = await get('/api/settings/export?dataType=members&format=csv', 'owner');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="members.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('id,service\r\n0,members\r\n1,members\r\n2,members\r\n');
    expect(seen).toEqual([{ service: 'members', url: '/members/export?format=csv', authorization: 'Bearer owner' }]);
    const json = await get('/api/settings/export?dataType=feedback&format=json', 'owner');
    expect(json.json()).toEqual([0, 1, 2].map((id) => ({ id, service: 'feedback' })));
  });

  it('zips every type for `all`, asking the services one after another, with a note for a refused type (asked once)', async () => {
    seen.length = 0;
    const res = await get('/api/settings/export?dataType=all', 'member');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.zip"');
    const zip = res.rawPayload;
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const text = zip.toString('latin1');
    for (const name of ['members.csv', 'attendance.csv', 'feedback.csv', 'payments.unavailable.txt', 'inventory.unavailable.txt']) expect(text).toContain(name);
    expect(text).not.toContain('payments.csv');
    expect(seen.map((s) => s.service)).toEqual(['members', 'payments', 'attendance', 'feedback', 'inventory']);
    expect(seen.every((s) => s.authorization === 'Bearer member')).toBe(true);
  });

  it('inventory is one file per part: in `all` and on its own (a zip of its parts); a refusal on its own is the service’s answer', async () => {
    seen.length = 0;
    const all = await get('/api/settings/export?dataType=all&format=json', 'owner');
    expect(all.statusCode).toBe(200);
    const text = all.rawPayload.toString('latin1');
    for (const part of ['items', 'batches', 'suppliers', 'sales']) expect(text).toContain(`inventory-${part}.json`);
    expect(seen.filter((s) => s.service === 'inventory').map((s) => s.url)).toEqual(
      ['items', 'batches', 'suppliers', 'sales'].map((p) => `/inventory/export?format=json&part=${p}`),
    );
    seen.length = 0;
    const one = await get('/api/settings/export?dataType=inventory&format=csv', 'owner');
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/zip');
    expect(one.headers['content-disposition']).toBe('attachment; filename="inventory.zip"');
    expect(one.rawPayload.toString('latin1')).toContain('inventory-sales.csv');
    expect(seen.map((s) => s.service)).toEqual(Array(5).fill('inventory'));
    const member = await get('/api/settings/export?dataType=inventory', 'member');
    expect(member.statusCode).toBe(403);
  });

  it('refuses no token (401), a trainer (403), a bad type or format (400)', async () => {
    expect((await get('/api/settings/export?dataType=members')).statusCode).toBe(401);
    expect((await get('/api/settings/export?dataType=members', 'nobody')).statusCode).toBe(401);
    expect((await get('/api/settings/export?dataType=members', 'trainer')).statusCode).toBe(403);
    expect((await get('/api/settings/export?dataType=shoes', 'owner')).statusCode).toBe(400);
    expect((await get('/api/settings/export?format=xml', 'owner')).statusCode).toBe(400);
  });
});
