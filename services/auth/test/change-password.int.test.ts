import { authRoutes, ErrorBody } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth, type TestAuth } from './setup.ts';

let auth: TestAuth;
/** The service's clock: tests move it forward instead of waiting for the minute to pass. */
let offsetMs = 0;
const uniq = randomUUID().slice(0, 8);
const password = 'correct horse 1';

const signUp = async (email: string) => {
  const reg = await auth.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { firstName: 'Asha', lastName: 'Verma', email, phone: '+91 98765 43210', password, role: 'admin', gymName: 'Iron Temple', city: 'Pune' },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const login = await auth.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  return authRoutes.login.responses[200].parse(login.json()).data.token;
};
const change = (token: string, currentPassword: string, newPassword = 'brand new pass 1') =>
  auth.app.inject({ method: 'PUT', url: '/auth/change-password', payload: { currentPassword, newPassword }, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  auth = await startAuth({ clock: () => new Date(Date.now() + offsetMs) });
});

afterAll(async () => {
  await auth?.close();
});

describe('PUT /auth/change-password throttles guesses of the current password', () => {
  it('after 5 wrong guesses refuses even the right password with 429 and Retry-After until the minute has passed', async () => {
    const token = await signUp(`guess-${uniq}@example.in`);
    for (let i = 0; i < 5; i++) {
      const wrong = await change(token, `wrong guess ${i}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(ErrorBody.parse(wrong.json()).code).toBe('WRONG_PASSWORD');
    }
    const locked = await change(token, password);
    expect(locked.statusCode, locked.body).toBe(429);
    const err = ErrorBody.parse(locked.json());
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.message).toMatch(/^Too many attempts with a wrong current password\. Please wait \d+ seconds? and try again\.$/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(err.message).toContain(`wait ${retryAfter} second`);

    offsetMs = 30_000; // half a minute later: still locked
    try {
      expect((await change(token, password)).statusCode).toBe(429);
      offsetMs = 61_000; // the wrong guesses have left the window
      const ok = await change(token, password);
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('checks at most 5 of many parallel guesses', async () => {
    const email = `burst-${uniq}@example.in`;
    const token = await signUp(email);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => change(token, `parallel guess ${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 400).every((c) => c === 429)).toBe(true);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // However the burst was split, the account is now locked for the right password too, unless fewer than 5 were checked.
    const checked = codes.filter((c) => c === 400).length;
    expect((await change(token, password)).statusCode).toBe(checked === 5 ? 429 : 200);
  });

  it('does not lock one account because of another', async () => {
    const a = await signUp(`a-${uniq}@example.in`);
    const b = await signUp(`b-${uniq}@example.in`);
    for (let i = 0; i < 5; i++) expect((await change(a, `wrong ${i}`)).statusCode).toBe(400);
    expect((await change(a, password)).statusCode).toBe(429);
    const ok = await change(b, password);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
