import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTable } from '../src/route-table.ts';
import { connectionRefused, defaultReadyUrl, parseUpstreams, UpstreamPool } from '../src/upstream-pool.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const readyServer = async (status: { code: number }) => {
  const s = createServer((_req, res) => res.writeHead(status.code).end());
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  servers.push(s);
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

describe('upstream pool', () => {
  it('reads a comma list of instances and finds each one’s readiness on its ops port (port + 1000)', () => {
    expect(parseUpstreams(' http://a:4104/, http://b:4204 ,,')).toEqual(['http://a:4104', 'http://b:4204']);
    expect(defaultReadyUrl('http://10.0.0.5:4104')).toBe('http://10.0.0.5:5104/ready');
    const table = Object.fromEntries(routeTable({ ATTENDANCE_URL: 'http://127.0.0.1:4104,http://127.0.0.1:4204' }).map((r) => [r.prefix, r]));
    expect(table.attendance!.upstreams).toEqual(['http://127.0.0.1:4104', 'http://127.0.0.1:4204']);
    expect(table.attendance!.upstream).toBe('http://127.0.0.1:4104');
    expect(table.members!.upstreams).toEqual(['http://127.0.0.1:4102']);
  });

  it('takes the healthy instances in turn, leaves a dead one out, and uses every instance when none is healthy', () => {
    const pool = new UpstreamPool(['a', 'b', 'c']);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['a', 'b', 'c', 'a']);
    pool.markDown('b', 'test');
    const six = Array.from({ length: 6 }, () => pool.pick());
    expect(six).not.toContain('b');
    expect(new Set(six)).toEqual(new Set(['a', 'c']));
    expect(pool.alternative('a')).toBe('c');
    pool.markDown('c', 'test');
    expect(pool.alternative('a')).toBeUndefined();
    pool.markDown('a', 'test');
    expect(new Set(Array.from({ length: 6 }, () => pool.pick()))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('takes an instance out when its readiness fails and back when it passes', async () => {
    const a = { code: 200 };
    const b = { code: 200 };
    const ua = await readyServer(a);
    const ub = await readyServer(b);
    const changes: string[] = [];
    const pool = new UpstreamPool([ua, ub], {
      readyUrlOf: (u) => `${u}/ready`,
      onChange: (u, up) => changes.push(`${u === ua ? 'a' : 'b'} ${up ? 'in' : 'out'}`),
    });
    await pool.checkAll();
    expect(pool.healthy()).toEqual([ua, ub]);
    b.code = 503;
    await pool.checkAll();
    expect(pool.healthy()).toEqual([ua]);
    b.code = 200;
    await pool.checkAll();
    expect(pool.healthy()).toEqual([ua, ub]);
    await new Promise((r) => servers[0]!.close(r));
    servers.shift();
    await pool.checkAll();
    expect(pool.healthy()).toEqual([ub]);
    expect(changes).toEqual(['b out', 'b in', 'a out']);
  });

  it('calls a connection refused (nothing sent) safe to send elsewhere, and nothing else', () => {
    expect(connectionRefused(Object.assign(new Error('x'), { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(connectionRefused(Object.assign(new Error('x'), { cause: { code: 'ECONNRESET' } }))).toBe(false);
    expect(connectionRefused(new Error('timeout'))).toBe(false);
  });
});
