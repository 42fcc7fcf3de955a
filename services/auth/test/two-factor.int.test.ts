import { authRoutes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../src/adapters/totp.ts';
import { startAuth } from './setup.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
// The service's clock is the test's (starting now: tokens are checked against the real time); codes are computed for it.
const time = { now: Date.now() };
const step = 30_000;

beforeAll(async () => {
  auth = await startAuth({ clock: () => new Date(time.now) });
});
afterAll(async () => auth?.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string, ip = '10.20.0.1') =>
  auth.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': ip } });
const signIn = (email: string, extra: object = {}, ip?: string) => inject('POST', '/auth/login', { email, password, ...extra }, undefined, ip);
const newOwner = async (label: string) => {
  const email = `${label}-${uniq}@example.in`;
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
  const res = await signIn(email);
  return { email, token: authRoutes.login.responses[200].parse(res.json()).data.token };
};

/** Turns two-factor on with a real TOTP code of the secret the server handed out; returns the secret and recovery codes. */
const enrol = async (token: string) => {
  const setup = await inject('POST', '/settings/two-factor/setup', undefined, token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri } = authRoutes.twoFactorSetup.responses[200].parse(setup.json()).data;
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Akhada:.*secret=/);
  const on = await inject('PUT', '/settings/two-factor', { enabled: true, code: totpCodeAt(secret, new Date(time.now)) }, token);
  expect(on.statusCode, on.body).toBe(200);
  const body = authRoutes.updateTwoFactor.responses[200].parse(on.json());
  expect(body.message).toBe('Two-factor authentication enabled');
  return { secret, recoveryCodes: body.data.recoveryCodes! };
};

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with a code of the scanned secret, then asks every sign-in for a fresh code', async () => {
    const { email, token } = await newOwner('totp');
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const setup = await inject('POST', '/settings/two-factor/setup', undefined, token);
    const first: string = setup.json().data.secret;
    // A wrong code does not turn it on.
    const wrong = await inject(
      'PUT',
      '/settings/two-factor',
      { enabled: true, code: '000000' === totpCodeAt(first, new Date(time.now)) ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWO_FACTOR_INVALID');
    expect((await signIn(email)).statusCode).toBe(200);

    // Setting up again replaces the unconfirmed secret: only the newest one's codes enrol.
    const { secret, recoveryCodes } = await enrol(token);
    expect(secret).not.toBe(first);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data).toMatchObject({ enabled: true, method: 'totp', recoveryCodesLeft: 10 });

    const bare = await signIn(email);
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('TWO_FACTOR_REQUIRED');
    time.now += step;
    const code = totpCodeAt(secret, new Date(time.now));
    const good = await signIn(email, { twoFactorCode: code });
    expect(good.statusCode, good.body).toBe(200);
    // The same code again (same 30-second step) is refused: a code works once.
    const replay = await signIn(email, { twoFactorCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TWO_FACTOR_INVALID');
    // A code of long ago is refused; the wrong password with a right code is still the wrong password.
    expect((await signIn(email, { twoFactorCode: totpCodeAt(secret, new Date(time.now - 10 * step)) })).statusCode).toBe(401);
    time.now += step;
    expect((await inject('POST', '/auth/login', { email, password: 'wrong one!', twoFactorCode: totpCodeAt(secret, new Date(time.now)) })).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('lets a recovery code stand in for the app exactly once', async () => {
    const { email, token } = await newOwner('recovery');
    const { recoveryCodes } = await enrol(token);
    const code = recoveryCodes[3]!;
    expect((await signIn(email, { twoFactorCode: code.toUpperCase() }, '10.21.0.1')).statusCode).toBe(200);
    const again = await signIn(email, { twoFactorCode: code }, '10.21.0.1');
    expect(again.statusCode).toBe(401);
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data.recoveryCodesLeft).toBe(9);
  });

  it('throttles guessed codes like passwords, and turns off only with the password', async () => {
    const { email, token } = await newOwner('guess');
    const { secret } = await enrol(token);
    const right = totpCodeAt(secret, new Date(time.now + step));
    const guesses = ['123456', '654321', '111111', '222222', '333333'].filter((g) => g !== right).slice(0, 5);
    for (const g of guesses) expect((await signIn(email, { twoFactorCode: g }, '10.22.0.1')).statusCode).toBe(401);
    time.now += step;
    expect((await signIn(email, { twoFactorCode: right }, '10.22.0.2')).statusCode).toBe(429);

    time.now += 61_000;
    const badOff = await inject(
      'PUT',
      '/settings/two-factor',
      { enabled: false, password: 'not my password', code: totpCodeAt(secret, new Date(time.now)) },
      token,
    );
    expect(badOff.statusCode).toBe(400);
    expect(badOff.json().code).toBe('WRONG_PASSWORD');
    time.now += step;
    const off = await inject('PUT', '/settings/two-factor', { enabled: false, password, code: totpCodeAt(secret, new Date(time.now)) }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Two-factor authentication disabled');
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data.enabled).toBe(false);
  });

  // Issue 31: seven wrong passwords turned nothing away, then the right one alone turned two-factor off.
  it('turns off only with the password and a current code, on change-password’s failure counter', async () => {
    const { token } = await newOwner('off-throttle');
    const { secret, recoveryCodes } = await enrol(token);
    const off = (body: object) => inject('PUT', '/settings/two-factor', { enabled: false, ...body }, token);
    const enabled = async () => (await inject('GET', '/settings/two-factor', undefined, token)).json().data.enabled as boolean;
    time.now += step;

    // The password alone is not enough (the contract asks for a code), and a wrong code with the right password changes nothing.
    const bare = await off({ password });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toContainEqual({ path: 'code', message: 'Enter a code from your authenticator app, or a recovery code' });
    const right = totpCodeAt(secret, new Date(time.now));
    const wrongCode = await off({ password, code: right === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('TWO_FACTOR_INVALID');
    expect(await enabled()).toBe(true);

    // Four wrong passwords more (five failures in the minute): the sixth attempt is refused unchecked, even when right.
    for (let i = 0; i < 4; i++) {
      const r = await off({ password: `wrong password ${i}`, code: recoveryCodes[0]! });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('WRONG_PASSWORD');
    }
    const locked = await off({ password, code: recoveryCodes[0]! });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await enabled()).toBe(true);
    // The same counter as change-password: it is locked there too.
    expect((await inject('PUT', '/auth/change-password', { currentPassword: password, newPassword: 'another good password' }, token)).statusCode).toBe(429);
    // The recovery code was not spent by the refused attempts.
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data.recoveryCodesLeft).toBe(10);

    // A minute later: the password with a recovery code turns it off.
    time.now += 61_000;
    const done = await off({ password, code: recoveryCodes[0]! });
    expect(done.statusCode, done.body).toBe(200);
    expect(await enabled()).toBe(false);
  });

  it('refuses bad input with 400 and a second setup while on with 409', async () => {
    const { token } = await newOwner('input');
    await enrol(token);
    expect((await inject('POST', '/settings/two-factor/setup', undefined, token)).statusCode).toBe(409);
    for (const body of [{ enabled: true, code: '12' }, { enabled: true }, { enabled: 'yes' }, { enabled: false }, {}])
      expect((await inject('PUT', '/settings/two-factor', body, token)).statusCode).toBe(400);
    expect((await inject('POST', '/auth/login', { email: 'x@example.in', password: 'y', twoFactorCode: 'abc' })).statusCode).toBe(400);
  });
});

describe('two-factor required for staff (the organization’s security policy)', () => {
  const refresh = (token: string) => inject('POST', '/auth/refresh', undefined, token);
  const policy = (token: string, requireTwoFactorForStaff?: boolean) =>
    requireTwoFactorForStaff === undefined
      ? inject('GET', '/settings/security-policy', undefined, token)
      : inject('PUT', '/settings/security-policy', { requireTwoFactorForStaff }, token);

  it('asks owners to enrol, leads staff through enrolment first when required, and keeps it on for them', async () => {
    const owner = await newOwner('policy');
    const me = await inject('GET', '/auth/me', undefined, owner.token);
    expect(me.json().data.user.twoFactorEnrolment).toBe('suggested');
    const locationId: string = me.json().data.user.locations[0]._id;
    const staffEmail = `policy-trainer-${uniq}@example.in`;
    const created = await inject(
      'POST',
      '/auth/staff',
      { firstName: 'Ravi', lastName: 'K', email: staffEmail, phone: '9876543210', role: 'trainer', locationIds: [locationId], password },
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(201);

    // Off by default: the trainer signs in as before, with nothing asked.
    expect(authRoutes.securityPolicy.responses[200].parse((await policy(owner.token)).json()).data).toEqual({ requireTwoFactorForStaff: false });
    const before = await signIn(staffEmail, {}, '10.23.0.1');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.user.twoFactorEnrolment ?? null).toBeNull();
    const trainerToken: string = before.json().data.token;
    // Owners only, and bad input changes nothing.
    expect((await policy(trainerToken)).statusCode).toBe(403);
    expect((await policy(trainerToken, true)).statusCode).toBe(403);
    expect((await inject('PUT', '/settings/security-policy', { requireTwoFactorForStaff: 'yes' }, owner.token)).statusCode).toBe(400);
    expect((await policy(owner.token)).json().data.requireTwoFactorForStaff).toBe(false);

    const on = await policy(owner.token, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ requireTwoFactorForStaff: true });

    // Next sign-in: the token calls only the enrolment routes.
    const signedIn = await signIn(staffEmail, {}, '10.23.0.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.twoFactorEnrolment).toBe('required');
    const enrolOnly: string = signedIn.json().data.token;
    const refused = await inject('GET', '/auth/sessions', undefined, enrolOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await inject('PUT', '/auth/profile', { firstName: 'X' }, enrolOnly)).statusCode).toBe(403);
    expect((await inject('GET', '/auth/me', undefined, enrolOnly)).statusCode).toBe(200);
    // A refresh before enrolling still gives an enrolment-only token.
    expect((await inject('GET', '/auth/sessions', undefined, (await refresh(enrolOnly)).json().data.token)).statusCode).toBe(403);

    const { secret } = await enrol(enrolOnly);
    const fresh = await refresh(enrolOnly);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.user.twoFactorEnrolment ?? null).toBeNull();
    const full: string = fresh.json().data.token;
    expect((await inject('GET', '/auth/sessions', undefined, full)).statusCode).toBe(200);

    // While required, staff cannot turn it off (even with the right password); once the owner lifts it, they can.
    const off = await inject('PUT', '/settings/two-factor', { enabled: false, password, code: totpCodeAt(secret, new Date(time.now + step)) }, full);
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await inject('GET', '/settings/two-factor', undefined, full)).json().data.enabled).toBe(true);
    time.now += step;
    expect((await signIn(staffEmail, { twoFactorCode: totpCodeAt(secret, new Date(time.now)) }, '10.23.0.2')).statusCode).toBe(200);

    // The owner is not bound by the staff rule; their prompt ends once they enrol.
    await enrol(owner.token);
    expect((await inject('GET', '/auth/me', undefined, owner.token)).json().data.user.twoFactorEnrolment ?? null).toBeNull();
    expect((await policy(owner.token, false)).json().data.requireTwoFactorForStaff).toBe(false);
    time.now += step;
    const offNow = await inject('PUT', '/settings/two-factor', { enabled: false, password, code: totpCodeAt(secret, new Date(time.now)) }, full);
    expect(offNow.statusCode, offNow.body).toBe(200);
  });
});
