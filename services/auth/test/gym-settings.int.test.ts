import { authRoutes, gymSettingsRoutes, type EventEnvelope } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth } from './setup.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
let n = 0;

beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, payload?: object, token?: string) =>
  auth.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `10.40.${n % 200}.1` },
  });
const signIn = async (email: string) => {
  const res = await inject('POST', '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return authRoutes.login.responses[200].parse(res.json()).data;
};
/** A new gym: its owner's token, organization and first location. */
const newGym = async (label: string) => {
  n++;
  const email = `${label}-${n}-${uniq}@example.in`;
  const reg = await inject('POST', '/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone: '+91 98765 43210',
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const { token, user } = await signIn(email);
  return { token, ownerId: user._id, orgId: user.organization._id, locationId: user.locations[0]!._id };
};
const addStaff = async (ownerToken: string, locationId: string, role: 'admin' | 'trainer') => {
  n++;
  const email = `${role}-${n}-${uniq}@example.in`;
  const res = await inject(
    'POST',
    '/auth/staff',
    { firstName: 'Ravi', lastName: 'Kumar', email, phone: '+91 98111 22233', role, locationIds: [locationId], password },
    ownerToken,
  );
  expect(res.statusCode, res.body).toBe(201);
  const signed = await signIn(email);
  return { id: signed.user._id, token: signed.token };
};
const eventsOf = async (aggregateId: string) =>
  (await auth.runtime.dbh.db.selectFrom('outbox').select(['payload', 'id']).where('key', '=', aggregateId).orderBy('id').execute()).map(
    (r) => r.payload as EventEnvelope<Record<string, unknown>>,
  );

const validBody = (locationId: string) => ({
  name: 'Iron Temple Baner',
  brandColor: '#10B981',
  languages: ['en', 'hi', 'mr'],
  timezone: 'Asia/Kolkata',
  locations: [{ _id: locationId, name: 'Baner', city: 'Pune', timezone: 'Asia/Kolkata', openingHours: 'Mon–Sat 6:00–22:00', capacity: 80 }],
  plans: [
    { name: 'Monthly', type: 'basic', durationMonths: 1, price: 1499.5, gstInclusive: true },
    { name: 'Annual', type: 'annual', durationMonths: 12, price: 14999, gstInclusive: false },
  ],
});
// 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('the gym logo in the shell', () => {
  it('is named in the session with a version, served as its image, and gone when removed', async () => {
    const gym = await newGym('logo');
    const me = async () => authRoutes.me.responses[200].parse((await inject('GET', '/auth/me', undefined, gym.token)).json()).data.user.organization;
    expect(await me()).toMatchObject({ logoUrl: null, brandColor: '#3b82f6' });
    expect((await inject('GET', `/auth/organizations/${gym.orgId}/logo`)).statusCode).toBe(404);

    const put = await inject('PUT', '/settings/gym', { ...validBody(gym.locationId), logo: `data:image/png;base64,${PNG}` }, gym.token);
    expect(put.statusCode, put.body).toBe(200);
    const org = await me();
    expect(org.brandColor).toBe('#10b981');
    expect(org.logoUrl).toMatch(new RegExp(`^/auth/organizations/${gym.orgId}/logo\\?v=[\\w-]{16}$`));

    // Public (an <img> sends no token), the bytes as stored, cached for good only under the current version.
    const img = await inject('GET', org.logoUrl!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const stale = await inject('GET', `/auth/organizations/${gym.orgId}/logo?v=old`);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');

    // Another gym's id is another gym's logo (none here); a bad id is 400.
    const other = await newGym('logo-other');
    expect((await inject('GET', `/auth/organizations/${other.orgId}/logo`)).statusCode).toBe(404);
    expect((await inject('GET', '/auth/organizations/not-an-id/logo')).statusCode).toBe(400);

    expect((await inject('PUT', '/settings/gym', { ...validBody(gym.locationId), logo: null }, gym.token)).statusCode).toBe(200);
    expect((await me()).logoUrl).toBeNull();
    expect((await inject('GET', org.logoUrl!)).statusCode).toBe(404);
  });
});

describe('GET/PUT /settings/gym', () => {
  it('answers defaults, saves the whole screen, and announces organization, location and plans', async () => {
    const gym = await newGym('gym');
    const first = await inject('GET', '/settings/gym', undefined, gym.token);
    expect(first.statusCode, first.body).toBe(200);
    const before = gymSettingsRoutes.getGym.responses[200].parse(first.json()).data;
    expect(before.organization).toMatchObject({ name: 'Iron Temple', brandColor: '#3b82f6', timezone: 'Asia/Kolkata', currency: 'INR', logo: null });
    expect(before.plans).toEqual([]);

    const put = await inject('PUT', '/settings/gym', { ...validBody(gym.locationId), logo: `data:image/png;base64,${PNG}` }, gym.token);
    expect(put.statusCode, put.body).toBe(200);
    const saved = gymSettingsRoutes.putGym.responses[200].parse(put.json()).data;
    expect(saved.organization).toMatchObject({ name: 'Iron Temple Baner', brandColor: '#10b981', languages: ['en', 'hi', 'mr'] });
    expect(saved.organization.logo).toMatch(/^data:image\/png;base64,/);
    expect(saved.locations[0]).toMatchObject({ name: 'Baner', openingHours: 'Mon–Sat 6:00–22:00', capacity: 80 });
    expect(saved.plans.map((p) => [p.name, p.price, p.gstInclusive])).toEqual([
      ['Monthly', 1499.5, true],
      ['Annual', 14999, false],
    ]);
    expect((await inject('GET', '/settings/gym', undefined, gym.token)).json().data).toEqual(saved);

    const orgEvents = (await eventsOf(gym.orgId)).map((e) => e.type);
    expect(orgEvents).toEqual(expect.arrayContaining(['auth.organization_updated', 'auth.membership_plans_changed']));
    const plans = (await eventsOf(gym.orgId)).find((e) => e.type === 'auth.membership_plans_changed')!;
    expect((plans.data.plans as { pricePaise: number }[]).map((p) => p.pricePaise)).toEqual([149950, 1499900]);
    expect((await eventsOf(gym.locationId)).map((e) => e.type)).toContain('auth.location_updated');

    // Dropping a plan withdraws it; keeping its id edits it.
    const keep = saved.plans[1]!;
    const again = await inject('PUT', '/settings/gym', { ...validBody(gym.locationId), plans: [{ ...keep, price: 12999 }] }, gym.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.plans).toEqual([{ ...keep, price: 12999 }]);
    // The logo stays when not sent; null removes it.
    expect(again.json().data.organization.logo).toMatch(/^data:image\/png/);
    const noLogo = await inject('PUT', '/settings/gym', { ...validBody(gym.locationId), logo: null }, gym.token);
    expect(noLogo.json().data.organization.logo).toBeNull();
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const gym = await newGym('bad');
    const body = validBody(gym.locationId);
    const bad: object[] = [
      {},
      { ...body, name: ' ' },
      { ...body, brandColor: 'blue' },
      { ...body, languages: [] },
      { ...body, languages: ['xx'] },
      { ...body, timezone: 'Mars/Olympus' },
      { ...body, currency: 'USD' },
      { ...body, plans: [{ name: 'X', type: 'basic', durationMonths: 0, price: 10, gstInclusive: true }] },
      { ...body, plans: [{ name: 'X', type: 'gold', durationMonths: 1, price: 10, gstInclusive: true }] },
      { ...body, plans: [{ name: 'X', type: 'basic', durationMonths: 1, price: -1, gstInclusive: true }] },
      { ...body, locations: [{ ...body.locations[0], capacity: 0 }] },
      { ...body, logo: 'data:text/html;base64,PGgxPg==' },
      // Says PNG, but the bytes are text.
      { ...body, logo: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}` },
      { ...body, extra: true },
    ];
    for (const b of bad) {
      const res = await inject('PUT', '/settings/gym', b, gym.token);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await inject('GET', '/settings/gym', undefined, gym.token)).json().data.organization.name).toBe('Iron Temple');
  });

  it('keeps a location’s overdue check-in setting (off by default, 1–90 days), announced on auth.location_updated', async () => {
    const gym = await newGym('dues');
    const body = validBody(gym.locationId);
    const loc = body.locations[0]!;
    const first = gymSettingsRoutes.getGym.responses[200].parse((await inject('GET', '/settings/gym', undefined, gym.token)).json()).data;
    expect(first.locations[0]!.refuseCheckInOverdueDays).toBeNull();

    for (const days of [0, 91, 2.5, '7']) {
      const res = await inject('PUT', '/settings/gym', { ...body, locations: [{ ...loc, refuseCheckInOverdueDays: days }] }, gym.token);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().message).toMatch(/^Overdue days are 1 to 90/);
    }
    const on = await inject('PUT', '/settings/gym', { ...body, locations: [{ ...loc, refuseCheckInOverdueDays: 7 }] }, gym.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.locations[0].refuseCheckInOverdueDays).toBe(7);
    const announced = (await eventsOf(gym.locationId)).filter((e) => e.type === 'auth.location_updated').at(-1)!;
    expect(announced.data).toMatchObject({ locationId: gym.locationId, refuseCheckInOverdueDays: 7 });

    // A client that does not send it keeps it; null turns it off (announced again).
    const kept = await inject('PUT', '/settings/gym', { ...body, locations: [{ ...loc, capacity: 90 }] }, gym.token);
    expect(kept.json().data.locations[0]).toMatchObject({ capacity: 90, refuseCheckInOverdueDays: 7 });
    const off = await inject('PUT', '/settings/gym', { ...body, locations: [{ ...loc, capacity: 90, refuseCheckInOverdueDays: null }] }, gym.token);
    expect(off.json().data.locations[0].refuseCheckInOverdueDays).toBeNull();
    expect((await eventsOf(gym.locationId)).filter((e) => e.type === 'auth.location_updated').at(-1)!.data.refuseCheckInOverdueDays).toBeNull();
  });

  it('keeps to the caller’s gym and role', async () => {
    const a = await newGym('a');
    const b = await newGym('b');
    // Another gym's location or plan: 404, nothing saved.
    const foreign = await inject('PUT', '/settings/gym', validBody(b.locationId), a.token);
    expect(foreign.statusCode).toBe(404);
    await inject('PUT', '/settings/gym', validBody(b.locationId), b.token);
    const bPlan = (await inject('GET', '/settings/gym', undefined, b.token)).json().data.plans[0];
    const planOfB = await inject('PUT', '/settings/gym', { ...validBody(a.locationId), plans: [bPlan] }, a.token);
    expect(planOfB.statusCode).toBe(404);
    expect((await inject('GET', '/settings/gym', undefined, b.token)).json().data.plans).toHaveLength(2);

    const admin = await addStaff(a.token, a.locationId, 'admin');
    const trainer = await addStaff(a.token, a.locationId, 'trainer');
    expect((await inject('GET', '/settings/gym', undefined, admin.token)).statusCode).toBe(200);
    expect((await inject('PUT', '/settings/gym', validBody(a.locationId), admin.token)).statusCode).toBe(403);
    expect((await inject('GET', '/settings/gym', undefined, trainer.token)).statusCode).toBe(403);
    expect((await inject('POST', '/settings/gym/join-code', {}, admin.token)).statusCode).toBe(403);
    expect((await inject('GET', '/settings/gym')).statusCode).toBe(401);
  });

  it('regenerates the join code: the old one stops working', async () => {
    const gym = await newGym('code');
    const old = (await inject('GET', '/settings/gym', undefined, gym.token)).json().data.organization.joinCode as string;
    const res = await inject('POST', '/settings/gym/join-code', {}, gym.token);
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data.joinCode as string;
    expect(code).not.toBe(old);
    const join = (gymCode: string) =>
      inject('POST', '/auth/register', {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: `join-${gymCode}-${uniq}@example.in`,
        phone: '+91 98765 43210',
        password,
        role: 'member',
        gymCode,
      });
    expect((await join(old)).statusCode).not.toBe(201);
    expect((await join(code)).statusCode).toBe(201);
  });
});

describe('staff and roles', () => {
  it('invites staff by email, assigns locations, and removes access with every session ended', async () => {
    const gym = await newGym('staff');
    const email = `invitee-${uniq}@example.in`;
    const invited = await inject(
      'POST',
      '/settings/staff',
      { firstName: 'Kiran', lastName: 'Rao', email, role: 'admin', locationIds: [gym.locationId] },
      gym.token,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const person = gymSettingsRoutes.inviteStaff.responses[201].parse(invited.json()).data;
    expect(person).toMatchObject({ email, role: 'admin', status: 'invited', locationIds: [gym.locationId] });
    expect((await eventsOf(person._id)).map((e) => e.type)).toEqual(['auth.user_registered', 'auth.invitation_sent']);
    const again = await inject('POST', '/settings/staff', { firstName: 'K', lastName: 'R', email, role: 'trainer', locationIds: [gym.locationId] }, gym.token);
    expect(again.statusCode).toBe(409);

    const list = await inject('GET', '/settings/staff', undefined, gym.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { role: string }) => s.role)).toEqual(['owner', 'admin']);

    const loc2 = await inject('POST', '/auth/locations', { name: 'Kothrud', city: 'Pune' }, gym.token);
    const admin = await addStaff(gym.token, gym.locationId, 'admin');
    const moved = await inject('PUT', `/settings/staff/${admin.id}/locations`, { locationIds: [loc2.json().data._id] }, gym.token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.locationIds).toEqual([loc2.json().data._id]);

    expect((await inject('GET', '/auth/me', undefined, admin.token)).statusCode).toBe(200);
    const removed = await inject('DELETE', `/settings/staff/${admin.id}`, undefined, gym.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await eventsOf(admin.id)).map((e) => e.type)).toEqual(expect.arrayContaining(['auth.user_sessions_revoked', 'auth.user_deactivated']));
    // Their token stops working at once, and they cannot sign in again.
    expect((await inject('GET', '/auth/me', undefined, admin.token)).statusCode).toBe(401);
    expect((await inject('POST', '/auth/refresh', undefined, admin.token)).statusCode).toBe(401);
    const staff = (await inject('GET', '/settings/staff', undefined, gym.token)).json().data as { _id: string; status: string }[];
    expect(staff.find((s) => s._id === admin.id)?.status).toBe('deactivated');
  });

  it('is the owner’s alone, within the owner’s gym', async () => {
    const a = await newGym('roleA');
    const b = await newGym('roleB');
    const admin = await addStaff(a.token, a.locationId, 'admin');
    const trainerB = await addStaff(b.token, b.locationId, 'trainer');
    // Another gym's staff id: 404, and they keep their access.
    expect((await inject('DELETE', `/settings/staff/${trainerB.id}`, undefined, a.token)).statusCode).toBe(404);
    expect((await inject('PUT', `/settings/staff/${trainerB.id}/locations`, { locationIds: [a.locationId] }, a.token)).statusCode).toBe(404);
    expect((await inject('GET', '/auth/me', undefined, trainerB.token)).statusCode).toBe(200);
    expect((await inject('DELETE', `/settings/staff/${randomUUID()}`, undefined, a.token)).statusCode).toBe(404);
    // Another gym's location: refused.
    expect((await inject('PUT', `/settings/staff/${admin.id}/locations`, { locationIds: [b.locationId] }, a.token)).statusCode).toBe(403);
    // An admin cannot remove the owner (nor anyone); the owner cannot be removed at all.
    expect((await inject('DELETE', `/settings/staff/${a.ownerId}`, undefined, admin.token)).statusCode).toBe(403);
    expect((await inject('GET', '/settings/staff', undefined, admin.token)).statusCode).toBe(403);
    expect(
      (
        await inject(
          'POST',
          '/settings/staff',
          { firstName: 'A', lastName: 'B', email: `z-${uniq}@example.in`, role: 'admin', locationIds: [a.locationId] },
          admin.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/settings/staff/${a.ownerId}`, undefined, a.token)).statusCode).toBe(403);
    // Bad input.
    for (const body of [
      {},
      { firstName: 'A', lastName: 'B', email: 'nope', role: 'admin', locationIds: [a.locationId] },
      { firstName: 'A', lastName: 'B', email: `q-${uniq}@example.in`, role: 'owner', locationIds: [a.locationId] },
      { firstName: 'A', lastName: 'B', email: `q-${uniq}@example.in`, role: 'admin', locationIds: [] },
    ])
      expect((await inject('POST', '/settings/staff', body, a.token)).statusCode).toBe(400);
    expect((await inject('DELETE', '/settings/staff/not-an-id', undefined, a.token)).statusCode).toBe(400);
    expect((await inject('PUT', `/settings/staff/${admin.id}/locations`, { locationIds: ['x'] }, a.token)).statusCode).toBe(400);
  });
});

describe('GET/PUT /settings/preferences', () => {
  it('keeps appearance and privacy per user, and announces a privacy change', async () => {
    const gym = await newGym('prefs');
    const trainer = await addStaff(gym.token, gym.locationId, 'trainer');
    const first = await inject('GET', '/settings/preferences', undefined, trainer.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      theme: 'system',
      language: 'en',
      density: 'comfortable',
      contactVisibleToTrainers: true,
      marketingConsent: false,
      brandColor: '#3b82f6',
      savedAt: null,
    });
    const put = await inject('PUT', '/settings/preferences', { theme: 'dark', language: 'hi', density: 'compact' }, trainer.token);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.savedAt).toEqual(expect.any(String));
    expect((await eventsOf(trainer.id)).map((e) => e.type)).not.toContain('auth.user_privacy_changed');
    await inject('PUT', '/settings/preferences', { contactVisibleToTrainers: false, marketingConsent: true }, trainer.token);
    const after = (await inject('GET', '/settings/preferences', undefined, trainer.token)).json().data;
    expect(after).toMatchObject({ theme: 'dark', language: 'hi', density: 'compact', contactVisibleToTrainers: false, marketingConsent: true });
    const privacy = (await eventsOf(trainer.id)).find((e) => e.type === 'auth.user_privacy_changed');
    expect(privacy?.data).toEqual({ userId: trainer.id, contactVisibleToTrainers: false, marketingConsent: true });
    // Another user's choices are their own.
    expect((await inject('GET', '/settings/preferences', undefined, gym.token)).json().data.theme).toBe('system');
    for (const body of [{ theme: 'neon' }, { language: 'fr' }, { density: 1 }, { brandColor: '#000000' }, { other: true }])
      expect((await inject('PUT', '/settings/preferences', body, trainer.token)).statusCode).toBe(400);
  });
});
