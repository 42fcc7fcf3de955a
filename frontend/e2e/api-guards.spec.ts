// Through the gateway, as a client would: tenancy, validation and failure answers. No request from a user may end in 500.
import { ErrorBody, memberRoutes, notificationRoutes } from '@akhada/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '@akhada/test-support/api';

const a = api(inject('gatewayUrl'));
let gymA: Awaited<ReturnType<typeof a.newGym>>;
let gymB: Awaited<ReturnType<typeof a.newGym>>;
let memberOfA: string;

beforeAll(async () => {
  [gymA, gymB] = await Promise.all([a.newGym('tenant-a'), a.newGym('tenant-b')]);
  const r = await a.call('POST', '/members', a.member(1), gymA.token);
  expect(r.status).toBe(201);
  memberOfA = memberRoutes.create.responses[201].parse(r.json).data._id;
});

describe('tenancy', () => {
  it('answers 404 for another organization’s member and leaves it out of lists', async () => {
    const r = await a.call('GET', `/members/${memberOfA}`, undefined, gymB.token);
    expect(r.status).toBe(404);
    expect(ErrorBody.parse(r.json).message).toBe('Member not found');
    const list = memberRoutes.list.responses[200].parse((await a.call('GET', '/members?limit=100', undefined, gymB.token)).json);
    expect(list.data.map((m) => m._id)).not.toContain(memberOfA);
  });
  it('refuses a location of another organization and writes nothing', async () => {
    const before = memberRoutes.list.responses[200].parse((await a.call('GET', '/members?limit=1', undefined, gymB.token)).json).totalCount;
    const r = await a.call('POST', '/members', a.member(2, { locationId: gymA.user.locations[0]!._id }), gymB.token);
    expect(r.status).toBe(403);
    const after = memberRoutes.list.responses[200].parse((await a.call('GET', '/members?limit=1', undefined, gymB.token)).json).totalCount;
    expect(after).toBe(before);
  });
  it('refuses a notification that belongs to someone else', async () => {
    // Gym A's owner was told about the member added above: a real notification, of someone else as far as gym B goes.
    const notificationsOf = async (token: string) =>
      notificationRoutes.list.responses[200].parse((await a.call('GET', '/notifications?limit=100', undefined, token)).json).data.notifications;
    const target = `/dashboard/members/${memberOfA}`;
    await expect.poll(async () => (await notificationsOf(gymA.token)).some((n) => n.actionUrl === target), { timeout: 30_000, interval: 200 }).toBe(true);
    const theirs = (await notificationsOf(gymA.token)).find((n) => n.actionUrl === target)!;
    expect(theirs.status).toBe('unread');

    for (const [method, path] of [
      ['PUT', `/notifications/${theirs._id}/read`],
      ['PUT', `/notifications/${theirs._id}/unread`],
      ['PUT', `/notifications/${theirs._id}/archive`],
      ['DELETE', `/notifications/${theirs._id}`],
    ] as const) {
      const r = await a.call(method, path, undefined, gymB.token);
      expect(r.status, `${method} ${path} with another gym's token → ${r.status} ${JSON.stringify(r.json)}`).toBe(404);
      expect(ErrorBody.parse(r.json).code).toBe('NOT_FOUND');
    }
    expect((await a.call('PUT', '/notifications/mark-all-read', undefined, gymB.token)).status).toBe(200);
    expect((await notificationsOf(gymB.token)).map((n) => n._id)).not.toContain(theirs._id);

    // Untouched for its owner.
    const after = (await notificationsOf(gymA.token)).find((n) => n._id === theirs._id);
    expect(after).toMatchObject({ status: 'unread', readAt: null });
  });
});

describe('edge', () => {
  it('requires a token for protected prefixes and says so clearly', async () => {
    const r = await a.call('GET', '/members');
    expect(r.status).toBe(401);
    expect(ErrorBody.parse(r.json).message).toBe('Please sign in to continue');
    const forged = await a.call('GET', '/members', undefined, `${gymA.token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });
  it('answers 404 for unknown API paths and serves the app for unknown page paths', async () => {
    expect((await a.call('GET', '/nope')).status).toBe(404);
    const page = await fetch(`${inject('gatewayUrl')}/dashboard/members/anything`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('sessions', () => {
  it('refuses a signed-out token at every service within 60 seconds', async () => {
    const s = await a.login(gymA.email, gymA.password);
    expect((await a.call('GET', '/members?limit=1', undefined, s.token)).status).toBe(200);
    expect((await a.call('GET', '/notifications/unread-count', undefined, s.token)).status).toBe(200);
    expect((await a.call('POST', '/auth/logout', undefined, s.token)).status).toBe(200);
    const t0 = Date.now();
    expect((await a.call('GET', '/auth/me', undefined, s.token)).status).toBe(401);
    await expect.poll(async () => (await a.call('GET', '/members?limit=1', undefined, s.token)).status, { timeout: 60_000, interval: 200 }).toBe(401);
    await expect
      .poll(async () => (await a.call('GET', '/notifications/unread-count', undefined, s.token)).status, { timeout: 60_000, interval: 200 })
      .toBe(401);
    console.log(`signed-out token refused by members and notifications ${Date.now() - t0} ms after logout`);
    // The other session of the same user is untouched.
    expect((await a.call('GET', '/members?limit=1', undefined, gymA.token)).status).toBe(200);
  });
});

describe('bad input never becomes a 500', () => {
  const bodies: unknown[] = [
    '{not json',
    '[]',
    'null',
    '"text"',
    {},
    { firstName: 42 },
    { email: ['x'] },
    { membershipFee: 'lots' },
    { membershipFee: -1 },
    { membershipType: 'platinum' },
    { locationId: 'not-a-uuid' },
    { a: 'b'.repeat(5000) },
  ];
  const targets: [string, string][] = [
    ['POST', '/members'],
    ['POST', '/auth/register'],
    ['POST', '/auth/login'],
    ['PUT', '/auth/profile'],
    ['PUT', '/auth/change-password'],
    ['POST', '/auth/forgot-password'],
    ['POST', '/auth/reset-password'],
    ['POST', '/auth/locations'],
    ['POST', '/auth/staff'],
  ];
  it.each(targets)('%s %s answers 4xx with a message for every malformed body', async (method, path) => {
    for (const body of bodies) {
      const r = await a.call(method, path, body, gymA.token);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(ErrorBody.parse(r.json).message.length).toBeGreaterThan(0);
    }
  });
  it('rejects bad ids and queries with 400', async () => {
    for (const path of [
      '/members/123',
      '/members?limit=0',
      '/members?page=-1',
      '/members?status=gone',
      '/notifications?type=bogus',
      '/notifications?limit=1000',
      '/notifications/xyz/read',
    ]) {
      const method = path.endsWith('/read') ? 'PUT' : 'GET';
      const r = await a.call(method, path, undefined, gymA.token);
      expect(r.status, `${path} → ${r.status}`).toBe(400);
    }
  });
});
