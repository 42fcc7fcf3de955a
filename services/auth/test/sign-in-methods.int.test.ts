import { authRoutes, signInMethodRoutes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcStandin, type OidcStandin } from '@akhada/infra/standins';
import { createGoogleOidc } from '../src/adapters/google-oidc.ts';
import { totpCodeAt } from '../src/adapters/totp.ts';
import { startAuth } from './setup.ts';
import type { CodeMessage } from '../src/adapters/sms-sender.ts';

let auth: Awaited<ReturnType<typeof startAuth>>;
let oidc: OidcStandin;
/** A second stand-in whose id_tokens a test may tamper with (a wrong iss, aud or exp), and the service that trusts it. */
let tampered: OidcStandin;
let tamperedAuth: Awaited<ReturnType<typeof startAuth>>;
let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
// The service's clock is the test's (starting now: tokens are checked against the real time).
const time = { now: Date.now() };
/** Every SMS the service sent, newest last (the fake messaging provider). */
const sent: CodeMessage[] = [];
const REDIRECT = 'http://localhost:8080/auth/google/callback';

beforeAll(async () => {
  oidc = await startOidcStandin({ port: 0 });
  auth = await startAuth({
    clock: () => new Date(time.now),
    sms: { send: async (m) => void sent.push(m) },
    google: createGoogleOidc({ issuerUrl: oidc.url, clientId: oidc.clientId, clientSecret: oidc.clientSecret, redirectUri: REDIRECT }),
  });
  tampered = await startOidcStandin({ port: 0, claims: (c) => (tamper ? tamper(c) : c) });
  tamperedAuth = await startAuth({
    google: createGoogleOidc({ issuerUrl: tampered.url, clientId: tampered.clientId, clientSecret: tampered.clientSecret, redirectUri: REDIRECT }),
  });
});
afterAll(async () => {
  await auth?.close();
  await tamperedAuth?.close();
  await oidc?.stop();
  await tampered?.stop();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string, ip = '10.30.0.1') =>
  auth.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': ip } });
const signIn = (email: string, extra: object = {}, ip?: string) => inject('POST', '/auth/login', { email, password, ...extra }, undefined, ip);
const askSmsCode = (email: string, ip?: string, pw = password) => inject('POST', '/auth/login/sms-code', { email, password: pw }, undefined, ip);
/** The code of the last SMS sent to a phone ending in `digits`. */
const lastCodeTo = (digits: string) => {
  const m = [...sent].reverse().find((s) => s.to.replace(/\D/g, '').endsWith(digits));
  return m?.code;
};

const newOwner = async (label: string, phone: string, email = `${label}-${uniq}@example.in`) => {
  const reg = await inject('POST', '/auth/register', {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone,
    password,
    role: 'admin',
    gymName: 'Iron Temple',
    city: 'Pune',
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const res = await signIn(email, {}, '10.30.9.9');
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: authRoutes.login.responses[200].parse(res.json()).data.token, userId: res.json().data.user._id as string };
};

/** SMS codes on: a code to the profile's phone, confirmed with PUT method sms. */
const enrolSms = async (token: string, digits: string) => {
  const setup = await inject('POST', '/settings/two-factor/sms/setup', undefined, token);
  expect(setup.statusCode, setup.body).toBe(200);
  expect(signInMethodRoutes.smsSetup.responses[200].parse(setup.json()).data).toMatchObject({ phone: `•••••••${digits.slice(-3)}`, expiresInSeconds: 300 });
  const code = lastCodeTo(digits)!;
  expect(code).toMatch(/^\d{6}$/);
  const on = await inject('PUT', '/settings/two-factor', { enabled: true, method: 'sms', code }, token);
  expect(on.statusCode, on.body).toBe(200);
  expect(on.json().message).toBe('Two-factor authentication enabled');
  return authRoutes.updateTwoFactor.responses[200].parse(on.json()).data;
};

describe('SMS codes as a second sign-in step', () => {
  it('verifies the phone to enrol, then signs in with a sent code that works once; recovery codes still work', async () => {
    const { email, token } = await newOwner('sms', '+91 98111 00001');
    // A wrong enrolment code does not turn it on.
    await inject('POST', '/settings/two-factor/sms/setup', undefined, token);
    const right = lastCodeTo('9811100001')!;
    const wrong = await inject('PUT', '/settings/two-factor', { enabled: true, method: 'sms', code: right === '000000' ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWO_FACTOR_INVALID');
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data.enabled).toBe(false);
    time.now += 61_000;
    const { status, recoveryCodes } = await enrolSms(token, '9811100001');
    expect(status).toMatchObject({ enabled: true, method: 'sms', methods: ['sms'], smsPhone: '•••••••001', recoveryCodesLeft: 10 });
    expect(recoveryCodes).toHaveLength(10);
    // The code is kept hashed, never as sent.
    const rows = await auth.deps.db.selectFrom('sms_codes').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash.includes(right))).toBe(false);

    const bare = await signIn(email);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: [{ path: 'twoFactorMethods', message: 'sms' }] });
    time.now += 61_000;
    const ask = await askSmsCode(email);
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json().data).toMatchObject({ phone: '•••••••001', expiresInSeconds: 300, resendAfterSeconds: 60 });
    const code = lastCodeTo('9811100001')!;
    expect(sent.at(-1)).toMatchObject({ purpose: 'sign-in', language: 'en', code: expect.stringMatching(/^\d{6}$/) });
    const good = await signIn(email, { twoFactorCode: code });
    expect(good.statusCode, good.body).toBe(200);
    const replay = await signIn(email, { twoFactorCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TWO_FACTOR_INVALID');

    expect((await signIn(email, { twoFactorCode: recoveryCodes![0]! }, '10.30.0.2')).statusCode).toBe(200);
    expect((await inject('GET', '/settings/two-factor', undefined, token)).json().data.recoveryCodesLeft).toBe(9);

    // Off with the password and a recovery code: every method and code goes.
    const off = await inject('PUT', '/settings/two-factor', { enabled: false, password, code: recoveryCodes![1]! }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Two-factor authentication disabled');
    expect((await signIn(email, {}, '10.30.0.3')).statusCode).toBe(200);
    expect((await askSmsCode(email, '10.30.0.3')).json().code).toBe('SMS_NOT_AVAILABLE');
  });

  it('lets a code expire after 5 minutes and refuses another user’s code', async () => {
    const a = await newOwner('sms-expiry-a', '98111 00002');
    const b = await newOwner('sms-expiry-b', '98111 00003');
    await enrolSms(a.token, '9811100002');
    await enrolSms(b.token, '9811100003');
    time.now += 61_000;
    expect((await askSmsCode(a.email, '10.31.0.1')).statusCode).toBe(200);
    const aCode = lastCodeTo('9811100002')!;
    expect((await askSmsCode(b.email, '10.31.0.1')).statusCode).toBe(200);
    const bCode = lastCodeTo('9811100003')!;
    // B's code is not A's (unless the two happen to be equal, which the check below rules out).
    if (aCode !== bCode) {
      const foreign = await signIn(a.email, { twoFactorCode: bCode }, '10.31.0.1');
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json().code).toBe('TWO_FACTOR_INVALID');
    }
    time.now += 5 * 60_000 + 1_000;
    const late = await signIn(a.email, { twoFactorCode: aCode }, '10.31.0.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TWO_FACTOR_INVALID');
    // A new code works.
    expect((await askSmsCode(a.email, '10.31.0.1')).statusCode).toBe(200);
    expect((await signIn(a.email, { twoFactorCode: lastCodeTo('9811100002')! }, '10.31.0.1')).statusCode).toBe(200);
  });

  it('throttles sends (a minute apart, 5 an hour) and guesses, with Retry-After; a wrong password sends nothing', async () => {
    const { email, token } = await newOwner('sms-throttle', '98111 00004');
    await enrolSms(token, '9811100004');
    const before = sent.length;
    const wrongPw = await askSmsCode(email, '10.32.0.1', 'not my password');
    expect(wrongPw.statusCode).toBe(401);
    expect(wrongPw.json().code).toBe('INVALID_CREDENTIALS');
    expect(sent.length).toBe(before);

    // A sign-in code right after the enrolment's is fine; a resend waits for the cooldown.
    expect((await askSmsCode(email, '10.32.0.1')).statusCode).toBe(200);
    const soon = await askSmsCode(email, '10.32.0.1');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The enrolment code counts towards the 5 an hour.
    for (let i = 0; i < 3; i++) {
      time.now += 61_000;
      expect((await askSmsCode(email, '10.32.0.1')).statusCode).toBe(200);
    }
    time.now += 61_000;
    const capped = await askSmsCode(email, '10.32.0.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('RATE_LIMITED');
    // The hourly cap: longer than the cooldown, shorter than the hour.
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // Guessed codes count like wrong passwords: 5 a minute lock the account's sign-in.
    const right = lastCodeTo('9811100004')!;
    const guesses = ['123456', '654321', '111111', '222222', '333333', '444444'].filter((g) => g !== right).slice(0, 5);
    for (const g of guesses) expect((await signIn(email, { twoFactorCode: g }, '10.32.0.2')).statusCode).toBe(401);
    const locked = await signIn(email, { twoFactorCode: right }, '10.32.0.3');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers both methods when the authenticator is on too, and refuses bad input with 400', async () => {
    const { email, token } = await newOwner('sms-both', '98111 00005');
    const setup = await inject('POST', '/settings/two-factor/setup', undefined, token);
    const secret: string = setup.json().data.secret;
    const totpOn = await inject('PUT', '/settings/two-factor', { enabled: true, code: totpCodeAt(secret, new Date(time.now)) }, token);
    expect(totpOn.statusCode, totpOn.body).toBe(200);
    const second = await enrolSms(token, '9811100005');
    // The recovery codes came with the first method; the second keeps them.
    expect(second.recoveryCodes).toBeNull();
    expect(second.status).toMatchObject({ method: 'totp', methods: ['totp', 'sms'] });
    expect((await signIn(email, {}, '10.33.0.1')).json().details).toEqual([{ path: 'twoFactorMethods', message: 'totp sms' }]);
    expect((await inject('POST', '/settings/two-factor/sms/setup', undefined, token)).statusCode).toBe(409);
    for (const body of [{}, { email: 'not an email', password }, { email }]) expect((await inject('POST', '/auth/login/sms-code', body)).statusCode).toBe(400);
    expect((await inject('PUT', '/settings/two-factor', { enabled: true, method: 'fax', code: '123456' }, token)).statusCode).toBe(400);
  });
});

/**
 * Starts a Google sign-in and lets the stand-in's chooser answer for `account`: the callback's query string.
 * `nonce` replaces the one the service asked for (as a forged authorization request would).
 */
const googleCallbackFor = async (
  account: { email: string; name: string; emailVerified: boolean },
  { nonce, service }: { nonce?: string; service?: typeof auth } = {},
) => {
  const start = await (service ?? auth).app.inject({ method: 'POST', url: '/auth/google/start' });
  expect(start.statusCode, start.body).toBe(200);
  const { flowId, authorizationUrl } = signInMethodRoutes.googleStart.responses[200].parse(start.json()).data;
  const url = new URL(authorizationUrl);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  expect((await fetch(url)).status).toBe(200); // the chooser page
  const form = new URLSearchParams(url.searchParams);
  if (nonce) form.set('nonce', nonce);
  form.set('email', account.email);
  form.set('name', account.name);
  form.set('email_verified', String(account.emailVerified));
  const res = await fetch(`${url.origin}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { flowId, query: back.search };
};
const callback = (body: object, ip = '10.40.0.1') => inject('POST', '/auth/google/callback', body, undefined, ip);
const confirmLink = (body: object, ip = '10.40.0.1') => inject('POST', '/auth/google/link', body, undefined, ip);
/** A callback for an account's email that is not linked yet: the confirm-link answer, with nothing linked. */
const linkTicketFor = async (owner: { email: string; userId: string }, ip?: string) => {
  const { flowId, query } = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true });
  const res = await callback({ flowId, query }, ip);
  expect(res.statusCode, res.body).toBe(200);
  const data = signInMethodRoutes.googleCallback.responses[200].parse(res.json()).data;
  expect(data).toMatchObject({ outcome: 'confirm-link', email: owner.email });
  expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
  return data.outcome === 'confirm-link' ? data.linkTicket : '';
};

describe('Google sign-in (OpenID Connect against the local stand-in)', () => {
  it('says it is configured', async () => {
    expect((await inject('GET', '/auth/google')).json()).toEqual({ success: true, data: { enabled: true } });
  });

  // Issue 31: a verified Google email alone used to link itself to the password account of that email and sign in.
  it('links a Google account to a password account only after the password confirms it, then signs straight in', async () => {
    const owner = await newOwner('google-link', '98111 00010');
    const { flowId, query } = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true });
    const res = await callback({ flowId, query });
    expect(res.statusCode, res.body).toBe(200);
    const data = signInMethodRoutes.googleCallback.responses[200].parse(res.json()).data;
    // Not signed in, nothing linked: a ticket to confirm with the password, kept only hashed.
    expect(data.outcome).toBe('confirm-link');
    if (data.outcome !== 'confirm-link') return;
    expect(data.email).toBe(owner.email);
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
    const tickets = await auth.deps.db.selectFrom('google_link_tickets').select(['token_hash', 'expires_at']).where('user_id', '=', owner.userId).execute();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.token_hash).not.toContain(data.linkTicket);
    expect(tickets[0]!.expires_at.getTime() - time.now).toBe(10 * 60_000);
    // The same callback again: the flow is used.
    const replay = await callback({ flowId, query });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('GOOGLE_STATE_MISMATCH');

    const wrong = await confirmLink({ linkTicket: data.linkTicket, password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', details: [{ path: 'password', message: 'Your password is incorrect' }] });
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
    const ok = await confirmLink({ linkTicket: data.linkTicket, password });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = signInMethodRoutes.googleLink.responses[200].parse(ok.json()).data;
    expect(session.user._id).toBe(owner.userId);
    expect((await inject('GET', '/auth/me', undefined, session.token)).statusCode).toBe(200);
    expect(await auth.deps.db.selectFrom('user_identities').select('email').where('user_id', '=', owner.userId).execute()).toEqual([{ email: owner.email }]);
    // The ticket works once.
    const again = await confirmLink({ linkTicket: data.linkTicket, password });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('GOOGLE_LINK_EXPIRED');

    // Linked now: the next Google sign-in signs straight in.
    const next = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true });
    const direct = await callback(next);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().data).toMatchObject({ outcome: 'signed-in', user: { _id: owner.userId } });
  });

  it('shares sign-in’s failure counter, spends a ticket after 10 minutes, and refuses a ticket it does not know', async () => {
    const owner = await newOwner('google-link-lock', '98111 00013');
    const ticket = await linkTicketFor(owner, '10.41.0.1');
    for (let i = 0; i < 5; i++) expect((await confirmLink({ linkTicket: ticket, password: `guess ${i}` }, '10.41.0.1')).statusCode).toBe(401);
    // Five wrong passwords spend the ticket, and lock the account's sign-in like five wrong ones at POST /auth/login.
    const spent = await confirmLink({ linkTicket: ticket, password }, '10.41.0.2');
    expect(spent.statusCode).toBe(400);
    expect(spent.json().code).toBe('GOOGLE_LINK_EXPIRED');
    expect((await signIn(owner.email, {}, '10.41.0.3')).statusCode).toBe(429);
    // A new Google sign-in inside the minute: its confirmation is locked too, the right password refused, with Retry-After.
    const fresh = await linkTicketFor(owner, '10.41.0.4');
    const locked = await confirmLink({ linkTicket: fresh, password }, '10.41.0.4');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);

    // Ten minutes on, the ticket is over.
    time.now += 10 * 60_000 + 1_000;
    const expired = await confirmLink({ linkTicket: fresh, password }, '10.41.0.4');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('GOOGLE_LINK_EXPIRED');
    const late = fresh;
    expect((await confirmLink({ linkTicket: 'x'.repeat(43), password }, '10.41.0.4')).json().code).toBe('GOOGLE_LINK_EXPIRED');
    for (const body of [{}, { linkTicket: 'short', password }, { linkTicket: late }, { linkTicket: late, password, twoFactorCode: '12' }])
      expect((await confirmLink(body, '10.41.0.4')).statusCode).toBe(400);
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
  });

  it('lists the sign-in methods and unlinks Google, never the last way in', async () => {
    const owner = await newOwner('google-methods', '98111 00014');
    const other = await newOwner('google-methods-other', '98111 00015');
    const list = async (token = owner.token) => {
      const r = await inject('GET', '/settings/sign-in-methods', undefined, token);
      expect(r.statusCode, r.body).toBe(200);
      return signInMethodRoutes.listSignInMethods.responses[200].parse(r.json()).data;
    };
    expect(await list()).toEqual([{ id: 'password', kind: 'password', label: null, linkedAt: null, canUnlink: false }]);
    const ticket = await linkTicketFor(owner, '10.42.0.1');
    expect((await confirmLink({ linkTicket: ticket, password }, '10.42.0.1')).statusCode).toBe(200);
    await enrolSms(owner.token, '9811100014');
    const methods = await list();
    expect(methods.map((m) => [m.kind, m.label, m.canUnlink])).toEqual([
      ['password', null, false],
      ['google', owner.email, true],
      ['sms', '•••••••014', false],
    ]);
    const google = methods.find((m) => m.kind === 'google')!;

    // Another person's link is not found; bad ids are 400.
    const foreign = await inject('DELETE', `/settings/sign-in-methods/${google.id}`, undefined, other.token);
    expect(foreign.statusCode).toBe(404);
    expect((await inject('DELETE', '/settings/sign-in-methods/password', undefined, owner.token)).statusCode).toBe(400);
    // Without a password the Google account is the only way in: it stays.
    await auth.deps.db.updateTable('users').set({ password_hash: null }).where('id', '=', owner.userId).execute();
    expect((await list()).find((m) => m.kind === 'google')!.canUnlink).toBe(false);
    const last = await inject('DELETE', `/settings/sign-in-methods/${google.id}`, undefined, owner.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_SIGN_IN_METHOD');
    await auth.deps.db
      .updateTable('users')
      .set({ password_hash: await auth.deps.passwords.hash(password) })
      .where('id', '=', owner.userId)
      .execute();

    const gone = await inject('DELETE', `/settings/sign-in-methods/${google.id}`, undefined, owner.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data.map((m: { kind: string }) => m.kind)).toEqual(['password', 'sms']);
    expect((await inject('DELETE', `/settings/sign-in-methods/${google.id}`, undefined, owner.token)).statusCode).toBe(404);
    // Unlinked: the next Google sign-in asks for the password again.
    await linkTicketFor(owner, '10.42.0.2');
  });

  // Issue 31: a callback whose id_token did not check out answered 502, as if Google were down.
  it('answers 400 for an id_token with a wrong nonce, issuer, audience or expiry', async () => {
    const owner = await newOwner('google-claims', '98111 00016');
    const forged = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true }, { nonce: 'someone-elses-nonce' });
    const res = await callback(forged);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED', message: expect.stringContaining('start again') });

    const now = () => Math.floor(Date.now() / 1000);
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>][] = [
      ['issuer', (c) => ({ ...c, iss: 'https://accounts.example.invalid' })],
      ['audience', (c) => ({ ...c, aud: 'another-client.apps.googleusercontent.com', azp: 'another-client.apps.googleusercontent.com' })],
      ['expiry', (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 })],
    ];
    try {
      for (const [what, change] of cases) {
        tamper = change;
        const cb = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true }, { service: tamperedAuth });
        const r = await tamperedAuth.app.inject({ method: 'POST', url: '/auth/google/callback', payload: cb });
        expect(r.statusCode, `${what}: ${r.body}`).toBe(400);
        expect(r.json().code, what).toBe('GOOGLE_SIGN_IN_FAILED');
      }
    } finally {
      tamper = null;
    }
    // The same stand-in untampered: the callback checks out (an unknown email there goes on to registration).
    const fine = await googleCallbackFor({ email: `claims-${uniq}@gmail.example`, name: 'Meera Iyer', emailVerified: true }, { service: tamperedAuth });
    const r = await tamperedAuth.app.inject({ method: 'POST', url: '/auth/google/callback', payload: fine });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.outcome).toBe('register');
  });

  it('refuses a state other than the flow’s, and a flow it does not know', async () => {
    const { flowId, query } = await googleCallbackFor({ email: `state-${uniq}@gmail.example`, name: 'Ravi Kumar', emailVerified: true });
    const forged = new URLSearchParams(query);
    forged.set('state', 'someone-elses-state');
    const res = await callback({ flowId, query: `?${forged}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('GOOGLE_STATE_MISMATCH');
    // The flow is spent: even the right state does not finish it now.
    expect((await callback({ flowId, query })).json().code).toBe('GOOGLE_STATE_MISMATCH');
    expect((await callback({ flowId: randomUUID(), query })).json().code).toBe('GOOGLE_STATE_MISMATCH');
    expect((await callback({ flowId: 'not-a-uuid', query })).statusCode).toBe(400);
  });

  it('refuses an email Google has not verified, even of an existing account', async () => {
    const owner = await newOwner('google-unverified', '98111 00011');
    const { flowId, query } = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: false });
    const res = await callback({ flowId, query });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('GOOGLE_EMAIL_UNVERIFIED');
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
  });

  it('creates no account for an unknown email: registration continues prefilled', async () => {
    const email = `new-${uniq}@gmail.example`;
    const { flowId, query } = await googleCallbackFor({ email, name: 'Meera Iyer', emailVerified: true });
    const res = await callback({ flowId, query });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'register', prefill: { email, firstName: 'Meera', lastName: 'Iyer' } });
    expect(await auth.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('asks an account with two-factor on for its code when linking and on the same flow afterwards', async () => {
    const owner = await newOwner('google-2fa', '98111 00012');
    const { recoveryCodes } = await enrolSms(owner.token, '9811100012');
    // Linking: the password and then the second step; nothing is linked until both passed.
    const ticket = await linkTicketFor(owner, '10.43.0.1');
    const needsCode = await confirmLink({ linkTicket: ticket, password }, '10.43.0.1');
    expect(needsCode.statusCode).toBe(401);
    expect(needsCode.json().code).toBe('TWO_FACTOR_REQUIRED');
    expect(await auth.deps.db.selectFrom('user_identities').selectAll().where('user_id', '=', owner.userId).execute()).toHaveLength(0);
    const linked = await confirmLink({ linkTicket: ticket, password, twoFactorCode: recoveryCodes![2]! }, '10.43.0.1');
    expect(linked.statusCode, linked.body).toBe(200);

    const { flowId, query } = await googleCallbackFor({ email: owner.email, name: 'Asha Verma', emailVerified: true });
    const first = await callback({ flowId, query });
    expect(first.statusCode).toBe(401);
    expect(first.json().code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await callback({ flowId, twoFactorCode: 'aaaaa-bbbbb' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('TWO_FACTOR_INVALID');
    const done = await callback({ flowId, twoFactorCode: recoveryCodes![0]! });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.user._id).toBe(owner.userId);
    // The flow is over once signed in.
    expect((await callback({ flowId, twoFactorCode: recoveryCodes![1]! })).json().code).toBe('GOOGLE_STATE_MISMATCH');
  });
});
