import { authRoutes, userSettingsRoutes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth } from './setup.ts';

// Issue 31: the spec's settings routes (part 2 §7) answered 404; they serve the same code as /auth/profile and
// /auth/change-password, in the user-settings shape of part 2 §3.
let auth: Awaited<ReturnType<typeof startAuth>>;
const password = 'correct horse battery';
const uniq = randomUUID().slice(0, 8);
const time = { now: Date.now() };

beforeAll(async () => {
  auth = await startAuth({ clock: () => new Date(time.now) });
});
afterAll(async () => auth?.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
  ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36',
) =>
  auth.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'user-agent': ua, 'x-forwarded-for': '10.50.0.1' },
  });

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
  const res = await inject('POST', '/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: authRoutes.login.responses[200].parse(res.json()).data.token };
};

const settingsOf = async (token: string) => {
  const r = await inject('GET', '/settings/user', undefined, token);
  expect(r.statusCode, r.body).toBe(200);
  return userSettingsRoutes.getUser.responses[200].parse(r.json()).data;
};

describe('settings/user, settings/profile and settings/password (spec part 2 §7)', () => {
  it('answers the user settings: profile with the address in India by default, security with two-factor and devices', async () => {
    const { email, token } = await newOwner('settings-get');
    // A second device signs in too.
    expect(
      (await inject('POST', '/auth/login', { email, password }, undefined, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).statusCode,
    ).toBe(200);
    const s = await settingsOf(token);
    expect(s.profile).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      phone: '+91 98765 43210',
      dateOfBirth: null,
      address: { country: 'India' },
      profilePicture: null,
    });
    expect(s.security.twoFactorEnabled).toBe(false);
    expect(s.security.twoFactorMethod).toBe('sms');
    expect(s.security.loginDevices).toHaveLength(2);
    expect(s.security.loginDevices[0]).toMatchObject({ current: true, isActive: true });
    expect(s.security.loginDevices.map((d) => d.deviceName).sort()).toEqual(['Chrome on Linux', 'Safari on iOS']);
  });

  it('updates the profile through PUT settings/profile and PUT settings/user, as PUT /auth/profile does', async () => {
    const { token } = await newOwner('settings-put');
    const profile = await inject(
      'PUT',
      '/settings/profile',
      { firstName: 'Ashwini', address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001' }, dateOfBirth: '1990-04-21' },
      token,
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().message).toBe('Profile updated successfully');
    const answered = userSettingsRoutes.putProfile.responses[200].parse(profile.json()).data;
    expect(answered.profile).toMatchObject({
      firstName: 'Ashwini',
      dateOfBirth: '1990-04-21',
      address: { street: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
    });
    // The same record /auth/me reads.
    expect((await inject('GET', '/auth/me', undefined, token)).json().data.user.firstName).toBe('Ashwini');

    const user = await inject('PUT', '/settings/user', { profile: { lastName: 'Kulkarni', address: { city: 'Mumbai', country: 'Nepal' } } }, token);
    expect(user.statusCode, user.body).toBe(200);
    expect(userSettingsRoutes.putUser.responses[200].parse(user.json()).data.profile).toMatchObject({
      firstName: 'Ashwini',
      lastName: 'Kulkarni',
      address: { city: 'Mumbai', country: 'Nepal' },
    });

    // Bad input is a 400 that changes nothing: the email stays, security is not changed here, nothing to update is refused.
    for (const [url, body] of [
      ['/settings/profile', { email: 'someone@else.in' }],
      ['/settings/profile', {}],
      ['/settings/profile', { phone: 'call me' }],
      ['/settings/user', { security: { twoFactorEnabled: false } }],
      ['/settings/user', { profile: {} }],
      ['/settings/user', {}],
    ] as const) {
      const r = await inject('PUT', url, body, token);
      expect(r.statusCode, `${url} ${JSON.stringify(body)} → ${r.body}`).toBe(400);
      expect(r.json().message.length).toBeGreaterThan(0);
    }
    expect((await settingsOf(token)).profile).toMatchObject({ lastName: 'Kulkarni', phone: '+91 98765 43210' });
    // Unauthenticated: 401.
    expect((await inject('GET', '/settings/user')).statusCode).toBe(401);
  });

  it('changes the password through PUT settings/password, throttled with /auth/change-password', async () => {
    const { email, token } = await newOwner('settings-password');
    const change = (currentPassword: string, newPassword: string) => inject('PUT', '/settings/password', { currentPassword, newPassword }, token);
    const wrong = await change('not my password', 'a brand new password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await change(password, 'short')).statusCode).toBe(400);
    // Four more wrong ones, two of them through /auth/change-password: the next attempt is refused, even when right.
    for (let i = 0; i < 2; i++) expect((await change(`wrong ${i}`, 'a brand new password')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await inject('PUT', '/auth/change-password', { currentPassword: `wrong ${i}`, newPassword: 'a brand new password' }, token)).statusCode).toBe(
        400,
      );
    const locked = await change(password, 'a brand new password');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    time.now += 61_000;
    const ok = await change(password, 'a brand new password');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Password changed successfully' });
    expect((await inject('POST', '/auth/login', { email, password: 'a brand new password' })).statusCode).toBe(200);
    expect((await inject('POST', '/auth/login', { email, password })).statusCode).toBe(401);
  });
});
