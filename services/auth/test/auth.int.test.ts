import { AuthEvents, authRoutes, ErrorBody, parseEvent, topicOf } from '@akhada/contracts';
import { createEventBus, createLogger, type App, type Runtime } from '@akhada/kit';
import { startSmtpSink, type SmtpSink } from '@akhada/infra/standins';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/adapters/mailer.ts';
import type { AuthDb } from '../src/db/schema.ts';
import { joinBody, startAuth, type TestAuth } from './setup.ts';

let auth: TestAuth;
let runtime: Runtime<AuthDb>;
let app: App;
let sink: SmtpSink;
const uniq = randomUUID().slice(0, 8);
const ownerEmail = `owner-${uniq}@example.in`;
const password = 'correct horse 1';

const post = (url: string, payload?: object, token?: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url, payload: payload ?? {}, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': ip } });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const put = (url: string, payload: object, token: string) => app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${token}` } });
const errorOf = (res: { json(): unknown }) => ErrorBody.parse(res.json());

const registerOwner = async (email: string, extra: object = {}) =>
  post('/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone: '+91 98765 43210',
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
    ...extra,
  });
const loginAs = async (email: string, pw = password, ip = '10.0.0.2') => {
  const res = await post('/auth/login', { email, password: pw }, undefined, ip);
  expect(res.statusCode, res.body).toBe(200);
  return authRoutes.login.responses[200].parse(res.json()).data;
};

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: 0 });
  auth = await startAuth({ mailer: createSmtpMailer({ host: '127.0.0.1', port: sink.smtpPort, from: 'Akhada <no-reply@akhada.local>' }) });
  ({ runtime, app } = auth);
});

afterAll(async () => {
  await auth?.close();
  await sink?.stop();
});

describe('registration', () => {
  it('opens a new gym for an admin, on a 14-day free trial, with the user as its owner', async () => {
    const res = await registerOwner(ownerEmail);
    expect(res.statusCode, res.body).toBe(201);
    const { user } = authRoutes.register.responses[201].parse(res.json()).data;
    expect(user.role).toBe('owner');
    expect(user.organization.plan).toBe('free');
    expect(user.organization.name).toBe('Iron Temple');
    const trialDays = (Date.parse(user.organization.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(user.locations).toHaveLength(1);
    expect(user.organization.joinCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('lets a member join by the gym code, and refuses an unknown code clearly', async () => {
    const owner = await loginAs(ownerEmail);
    const code = owner.user.organization.joinCode!;
    const bad = await post('/auth/register', joinBody({ firstName: 'Ravi', email: `ravi-${uniq}@example.in`, password, role: 'member', gymCode: 'ZZZZZZ' }));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('UNKNOWN_GYM_CODE');
    const missing = await post('/auth/register', joinBody({ firstName: 'Ravi', email: `ravi-${uniq}@example.in`, password, role: 'trainer' }));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toMatch(/Gym code is required/);
    const ok = await post(
      '/auth/register',
      joinBody({ firstName: 'Ravi', email: `ravi-${uniq}@example.in`, password, role: 'member', gymCode: code.toLowerCase() }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const { user } = authRoutes.register.responses[201].parse(ok.json()).data;
    expect(user.role).toBe('member');
    expect(user.organization._id).toBe(owner.user.organization._id);
    expect(user.organization.joinCode).toBeNull();
  });

  it('never lets the client pick the owner role or reuse an email', async () => {
    const asOwner = await post('/auth/register', {
      firstName: 'X',
      lastName: 'Y',
      email: `x-${uniq}@example.in`,
      phone: '9876543210',
      password,
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(400);
    const again = await registerOwner(ownerEmail.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('An account with this email already exists');
  });

  it('answers bad input with 400 and a clear message, writing nothing', async () => {
    const before = await runtime.dbh.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, RegExp][] = [
      [{ firstName: 'A', lastName: 'B', email: 'not-an-email', phone: '9876543210', password, role: 'admin' }, /valid email/],
      [{ firstName: 'A', lastName: 'B', email: `short-${uniq}@example.in`, phone: '9876543210', password: 'short', role: 'admin' }, /at least 8 characters/],
      [{ firstName: '', lastName: 'B', email: `e-${uniq}@example.in`, phone: '9876543210', password, role: 'admin' }, /First name is required/],
      [{ firstName: 'A', lastName: 'B', email: `p-${uniq}@example.in`, phone: 'call me', password, role: 'admin' }, /valid phone/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/auth/register', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const notJson = await app.inject({ method: 'POST', url: '/auth/register', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    const after = await runtime.dbh.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('publishes organization, location and user events through the outbox', async () => {
    const bus = createEventBus({
      clientId: `auth-test-${uniq}`,
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(','),
      logger: createLogger('auth-test', 'warn'),
    });
    const seen: string[] = [];
    const owner = await loginAs(ownerEmail);
    await bus.subscribe({
      groupId: `auth-test-${uniq}`,
      topics: [topicOf('auth')],
      from: 'beginning',
      onMessage: async (message) => {
        const env = JSON.parse(message.value);
        if (env.orgId === owner.user.organization._id) seen.push(env.type);
        if (env.type === AuthEvents.UserRegistered.type && env.orgId === owner.user.organization._id) parseEvent(AuthEvents.UserRegistered, env);
      },
    });
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual(expect.arrayContaining(['auth.organization_created', 'auth.location_created', 'auth.user_registered']));
    await bus.disconnect();
    const unsent = await runtime.dbh.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('signs in, answers /me, refreshes, and signs out for good', async () => {
    const s = await loginAs(ownerEmail);
    const me = await get('/auth/me', s.token);
    expect(me.statusCode).toBe(200);
    expect(authRoutes.me.responses[200].parse(me.json()).data.user.email).toBe(ownerEmail);
    const r = await post('/auth/refresh', {}, s.token);
    expect(r.statusCode, r.body).toBe(200);
    const fresh = authRoutes.refresh.responses[200].parse(r.json()).data;
    const out = await post('/auth/logout', {}, fresh.token);
    expect(out.statusCode).toBe(200);
    // The auth service itself refuses the ended session at once; the other services learn it from the event.
    expect((await get('/auth/me', fresh.token)).statusCode).toBe(401);
    expect((await get('/auth/me', s.token)).statusCode).toBe(401);
    await expect
      .poll(
        () =>
          runtime.revocations.isRevoked({
            sessionId: JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).sid,
            userId: s.user._id,
            issuedAtMs: Date.now(),
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  it('answers unknown email and wrong password the same, and throttles an account after 5 failures, saying when to retry', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 200)}.1`;
    const unknown = await post('/auth/login', { email: `nobody-${uniq}@example.in`, password }, undefined, ip);
    const wrong = await post('/auth/login', { email: ownerEmail, password: 'wrong password' }, undefined, ip);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(unknown).message).toBe(errorOf(wrong).message);
    // An account of its own (the others sign in again below): five wrong passwords lock it, the right one included.
    const lockedEmail = `locked-${uniq}@example.in`;
    expect((await registerOwner(lockedEmail)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) await post('/auth/login', { email: lockedEmail, password: 'wrong password' }, undefined, ip);
    const locked = await post('/auth/login', { email: lockedEmail, password }, undefined, ip);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toMatch(/Too many sign-in attempts/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it("one address (a gym's shared Wi-Fi) may fail 30 times a minute across accounts before it is throttled", async () => {
    const ip = `10.8.${Math.floor(Math.random() * 200)}.1`;
    for (let i = 0; i < 29; i++) {
      const r = await post('/auth/login', { email: `typo-${i}-${uniq}@example.in`, password: 'wrong password' }, undefined, ip);
      expect(r.statusCode).toBe(401);
    }
    // Six people's typos later, someone else on the same Wi-Fi still signs in.
    expect((await post('/auth/login', { email: ownerEmail, password }, undefined, ip)).statusCode).toBe(200);
    await post('/auth/login', { email: `typo-last-${uniq}@example.in`, password: 'wrong password' }, undefined, ip);
    const locked = await post('/auth/login', { email: ownerEmail, password }, undefined, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('rejects tokens it did not sign', async () => {
    const forged = (await loginAs(`ravi-${uniq}@example.in`, password, '10.1.1.1')).token.replace(/\.[^.]+$/, '.AAAA');
    expect((await get('/auth/me', forged)).statusCode).toBe(401);
    expect((await get('/auth/me')).statusCode).toBe(401);
  });
});

describe('login devices', () => {
  const PHONE = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
  const signInFrom = async (email: string, userAgent: string, ip: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    });
    expect(res.statusCode, res.body).toBe(200);
    return authRoutes.login.responses[200].parse(res.json()).data.token;
  };
  const devices = async (token: string) => {
    const res = await get('/auth/sessions', token);
    expect(res.statusCode, res.body).toBe(200);
    return authRoutes.listDevices.responses[200].parse(res.json()).data;
  };
  const del = (url: string, token: string) => app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

  it('lists the caller’s devices, signs one out (its token refused) and refuses another person’s session with 404', async () => {
    const email = `devices-${uniq}@example.in`;
    const other = `devices-other-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    expect((await registerOwner(other)).statusCode).toBe(201);
    const phone = await signInFrom(email, PHONE, '10.3.0.1');
    const laptop = await signInFrom(email, LAPTOP, '10.3.0.2');
    const stranger = await signInFrom(other, LAPTOP, '10.3.0.3');

    const list = await devices(laptop);
    expect(list.map((d) => [d.device, d.deviceType, d.current])).toEqual([
      ['Firefox on Windows', 'desktop', true],
      ['Chrome on Android', 'mobile', false],
    ]);
    const phoneId = list[1]!._id;
    expect(list[1]!.ip).toBe('10.3.0.1');

    // Another person cannot see or end it: 404, and the phone still works.
    expect((await del(`/auth/sessions/${phoneId}`, stranger)).statusCode).toBe(404);
    expect((await devices(stranger)).map((d) => d._id)).not.toContain(phoneId);
    expect((await get('/auth/me', phone)).statusCode).toBe(200);

    expect((await del(`/auth/sessions/${phoneId}`, laptop)).statusCode).toBe(200);
    expect((await get('/auth/me', phone)).statusCode).toBe(401);
    expect((await devices(laptop)).map((d) => d._id)).not.toContain(phoneId);
    // Already ended: 404; not an id: 400.
    expect((await del(`/auth/sessions/${phoneId}`, laptop)).statusCode).toBe(404);
    expect((await del('/auth/sessions/not-an-id', laptop)).statusCode).toBe(400);
    const revoked = await runtime.dbh.db.selectFrom('outbox').select('payload').execute();
    expect(JSON.stringify(revoked)).toContain(phoneId);
  });

  it('signs out every other device, keeping this one', async () => {
    const email = `devices-all-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    const a = await signInFrom(email, PHONE, '10.4.0.1');
    const b = await signInFrom(email, PHONE, '10.4.0.2');
    const c = await signInFrom(email, LAPTOP, '10.4.0.3');
    const res = await post('/auth/sessions/sign-out-others', {}, c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signedOut).toBe(2);
    expect((await get('/auth/me', a)).statusCode).toBe(401);
    expect((await get('/auth/me', b)).statusCode).toBe(401);
    expect((await get('/auth/me', c)).statusCode).toBe(200);
    expect((await devices(c)).map((d) => d.current)).toEqual([true]);
  });

  it('announces a sign-in from a device the account has not used before (auth.new_device_signed_in), once per device', async () => {
    const email = `devices-new-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    const userId = (await loginAs(email, password, '10.5.0.1')).user._id; // the account's first sign-in is no news
    await signInFrom(email, PHONE, '10.5.0.2');
    await signInFrom(email, PHONE, '10.5.0.3'); // the same phone again: nothing new
    await signInFrom(email, LAPTOP, '10.5.0.4');
    const rows = await runtime.dbh.db.selectFrom('outbox').select('payload').where('key', '=', userId).orderBy('id').execute();
    const announced = rows
      .map((r) => r.payload as { type: string; data: unknown })
      .filter((p) => p.type === AuthEvents.NewDeviceSignedIn.type)
      .map((p) => AuthEvents.NewDeviceSignedIn.data.parse(p.data));
    expect(announced.map((d) => [d.device, d.place])).toEqual([
      ['Chrome on Android', '10.5.0.2'],
      ['Firefox on Windows', '10.5.0.4'],
    ]);
    expect(announced.every((d) => d.userId === userId)).toBe(true);
  });
});

describe('passwords', () => {
  it('changes the password and ends the other sessions', async () => {
    const email = `pw-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    const a = await loginAs(email, password, '10.2.0.1');
    const b = await loginAs(email, password, '10.2.0.2');
    const wrong = await put('/auth/change-password', { currentPassword: 'nope nope', newPassword: 'brand new pass' }, a.token);
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');
    const ok = await put('/auth/change-password', { currentPassword: password, newPassword: 'brand new pass' }, a.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/auth/me', a.token)).statusCode).toBe(200);
    expect((await get('/auth/me', b.token)).statusCode).toBe(401);
    await loginAs(email, 'brand new pass', '10.2.0.3');
  });

  it('mails a single-use reset link through SMTP that works once', async () => {
    const email = `reset-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    const unknown = await post('/auth/forgot-password', { email: `ghost-${uniq}@example.in` });
    const known = await post('/auth/forgot-password', { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    await expect.poll(() => sink.messages().filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    // The sink has the mail before the sender's transaction (which stores the link's hash) commits: wait for it.
    await expect
      .poll(
        async () =>
          (
            await runtime.dbh.db
              .selectFrom('password_reset_mails as m')
              .innerJoin('users as u', 'u.id', 'm.user_id')
              .select('m.sent_at')
              .where('u.email', '=', email)
              .executeTakeFirst()
          )?.sent_at,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const mail = sink.messages().find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe('Reset your Akhada password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await post('/auth/reset-password', { token, password: 'after reset 123' });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await post('/auth/reset-password', { token, password: 'another one 123' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('INVALID_RESET_TOKEN');
    await loginAs(email, 'after reset 123', '10.3.0.1');
  });
});

describe('profile', () => {
  it('updates only the caller, validating input', async () => {
    const s = await loginAs(ownerEmail, password, '10.4.0.1');
    const bad = await put('/auth/profile', { dateOfBirth: '31-12-1990' }, s.token);
    expect(bad.statusCode).toBe(400);
    const role = await put('/auth/profile', { role: 'owner' }, s.token);
    expect(role.statusCode).toBe(400);
    const ok = await put('/auth/profile', { firstName: 'Asha R', address: { city: 'Pune', state: 'Maharashtra' }, gender: 'female' }, s.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const user = authRoutes.profile.responses[200].parse(ok.json()).data.user;
    expect(user.firstName).toBe('Asha R');
    expect(user.address.city).toBe('Pune');
  });

  it('publishes its JWKS', async () => {
    const res = await get('/auth/.well-known/jwks.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(res.json().keys[0].d).toBeUndefined();
  });
});

describe('chains: locations and staff', () => {
  it('lets the owner open a branch and add an admin there; admins add only trainers, only in their branches', async () => {
    const email = `chain-${uniq}@example.in`;
    expect((await registerOwner(email)).statusCode).toBe(201);
    const owner = await loginAs(email, password, '10.5.0.1');
    const mainId = owner.user.locations[0]!._id;
    const loc = await post('/auth/locations', { name: 'Andheri', city: 'Mumbai' }, owner.token);
    expect(loc.statusCode, loc.body).toBe(201);
    const second = authRoutes.createLocation.responses[201].parse(loc.json()).data;
    expect(second.timezone).toBe('Asia/Kolkata');

    const admin = await post(
      '/auth/staff',
      { firstName: 'Meera', lastName: 'Iyer', email: `admin-${uniq}@example.in`, phone: '9876501234', role: 'admin', locationIds: [second._id], password },
      owner.token,
    );
    expect(admin.statusCode, admin.body).toBe(201);
    expect(authRoutes.createStaff.responses[201].parse(admin.json()).data.user.locations.map((l) => l._id)).toEqual([second._id]);

    const adminSession = await loginAs(`admin-${uniq}@example.in`, password, '10.5.0.2');
    const claims = JSON.parse(Buffer.from(adminSession.token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'admin', org: owner.user.organization._id, locs: [second._id] });

    const adminMakesAdmin = await post(
      '/auth/staff',
      { firstName: 'A', lastName: 'B', email: `a2-${uniq}@example.in`, phone: '9876501235', role: 'admin', locationIds: [second._id], password },
      adminSession.token,
    );
    expect(adminMakesAdmin.statusCode).toBe(403);
    const adminElsewhere = await post(
      '/auth/staff',
      { firstName: 'T', lastName: 'B', email: `t1-${uniq}@example.in`, phone: '9876501236', role: 'trainer', locationIds: [mainId], password },
      adminSession.token,
    );
    expect(adminElsewhere.statusCode).toBe(403);
    const trainer = await post(
      '/auth/staff',
      { firstName: 'T', lastName: 'B', email: `t1-${uniq}@example.in`, phone: '9876501236', role: 'trainer', locationIds: [second._id], password },
      adminSession.token,
    );
    expect(trainer.statusCode, trainer.body).toBe(201);
    const adminOpensBranch = await post('/auth/locations', { name: 'X', city: 'Y' }, adminSession.token);
    expect(adminOpensBranch.statusCode).toBe(403);

    // Another organization's location id is refused, and the owner's refreshed token now lists both branches.
    const otherEmail = `other-${uniq}@example.in`;
    expect((await registerOwner(otherEmail)).statusCode).toBe(201);
    const other = await loginAs(otherEmail, password, '10.5.0.3');
    const foreign = await post(
      '/auth/staff',
      {
        firstName: 'F',
        lastName: 'G',
        email: `f-${uniq}@example.in`,
        phone: '9876501237',
        role: 'trainer',
        locationIds: [other.user.locations[0]!._id],
        password,
      },
      owner.token,
    );
    expect(foreign.statusCode).toBe(403);
    const refreshed = authRoutes.refresh.responses[200].parse((await post('/auth/refresh', {}, owner.token)).json()).data;
    expect(JSON.parse(Buffer.from(refreshed.token.split('.')[1]!, 'base64url').toString()).locs.sort()).toEqual([mainId, second._id].sort());
  });
});
