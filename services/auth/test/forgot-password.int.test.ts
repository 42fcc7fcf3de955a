import { ErrorBody } from '@akhada/contracts';
import { Kysely, PostgresDialect } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/adapters/mailer.ts';
import { forgotPassword } from '../src/app/forgot-password.ts';
import type { AuthDb } from '../src/db/schema.ts';
import { startAuth, type TestAuth } from './setup.ts';

type Mail = Parameters<Mailer['send']>[0];

const uniq = randomUUID().slice(0, 8);
const password = 'correct horse 1';
/** Mails the fake mail server accepted. */
const delivered: Mail[] = [];
/** How many of the next sends the fake mail server refuses. */
let refuseNext = 0;
/** The service's clock, moved forward when a test needs a retry to come due. */
let offsetMs = 0;
const capturing: Mailer = {
  async send(mail) {
    if (refuseNext > 0) {
      refuseNext--;
      throw new Error('421 try again later');
    }
    delivered.push(mail);
  },
};
/** A mail server that takes the connection and never answers. */
const hangingCalls: Mail[] = [];
const hanging: Mailer = {
  send(mail) {
    hangingCalls.push(mail);
    return new Promise<void>(() => {});
  },
};

let auth: TestAuth;
let stuck: TestAuth;

const forgot = (target: TestAuth, email: string) => target.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
const registerOwner = async (target: TestAuth, email: string) => {
  const res = await target.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { firstName: 'Asha', lastName: 'Verma', email, phone: '+91 98765 43210', password, role: 'admin', gymName: 'Iron Temple', city: 'Pune' },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const mailsTo = (email: string) => delivered.filter((m) => m.to === email);
const tokenIn = (mail: Mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
const queuedFor = (target: TestAuth, email: string) =>
  target.runtime.dbh.db
    .selectFrom('password_reset_mails as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.attempts', 'm.next_attempt_at', 'm.sent_at', 'm.last_error'])
    .where('u.email', '=', email)
    .orderBy('m.requested_at')
    .execute();

beforeAll(async () => {
  [auth, stuck] = await Promise.all([
    startAuth({ mailer: capturing, clock: () => new Date(Date.now() + offsetMs) }),
    startAuth({ mailer: hanging }, { sendTimeoutMs: 300 }),
  ]);
});

afterAll(async () => {
  await Promise.all([auth?.close(), stuck?.close()]);
});

describe('POST /auth/forgot-password', () => {
  it('answers, then mails a link that works once', async () => {
    const email = `known-${uniq}@example.in`;
    await registerOwner(auth, email);
    const res = await forgot(auth, email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('If an account exists for this email, we have sent a link to reset the password.');
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    // The link's hash is stored in the sender's transaction, which commits just after the mail server took the mail.
    await expect.poll(async () => (await queuedFor(auth, email))[0]?.sent_at, { timeout: 10_000 }).not.toBeNull();
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe('Reset your Akhada password');
    const token = tokenIn(mail);
    expect(token).toBeTruthy();
    const reset = await auth.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'after reset 123' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await auth.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'another one 123' } });
    expect(again.statusCode).toBe(400);
    expect(ErrorBody.parse(again.json()).code).toBe('INVALID_RESET_TOKEN');
    // The token went out by mail only: nothing in the outbox (and so nothing on Kafka) carries it.
    const outbox = await auth.runtime.dbh.db.selectFrom('outbox').select('payload').execute();
    expect(outbox.map((r) => JSON.stringify(r.payload)).filter((p) => p.includes(token!))).toEqual([]);
  });

  it('replies at once when the mail server never answers, and counts the attempt as failed', async () => {
    const email = `stuck-${uniq}@example.in`;
    await registerOwner(stuck, email);
    const started = performance.now();
    const res = await forgot(stuck, email);
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(ms).toBeLessThan(1_000);
    // The sender did take the mail up, and it is still waiting on the server: the reply did not wait for it.
    await expect.poll(() => hangingCalls.filter((m) => m.to === email).length, { timeout: 10_000 }).toBe(1);
    // After the send timeout the attempt is recorded and a retry is scheduled; no token of it is valid.
    await expect.poll(async () => (await queuedFor(stuck, email))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    const [row] = await queuedFor(stuck, email);
    expect(row).toMatchObject({ sent_at: null, last_error: 'the mail server did not answer within 300 ms' });
    const resets = await stuck.runtime.dbh.db.selectFrom('password_resets').select('token_hash').execute();
    expect(resets).toHaveLength(0);
  });

  it('runs the same statements for a known and an unknown address', async () => {
    const email = `same-${uniq}@example.in`;
    await registerOwner(auth, email);
    const statements: string[] = [];
    // A second query builder on the service's own pool, recording every statement it runs.
    const logged = new Kysely<AuthDb>({
      dialect: new PostgresDialect({ pool: auth.runtime.dbh.pool }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    const clock = () => new Date();
    await forgotPassword({ db: logged, clock }, email);
    const known = statements.splice(0);
    await forgotPassword({ db: logged, clock }, `nobody-${uniq}@example.in`);
    const unknown = statements.splice(0);
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    expect(await queuedFor(auth, email)).toHaveLength(1);

    // And through HTTP: the reply times (printed for the record; the statements above are the proof).
    const median = async (address: string) => {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        expect((await forgot(auth, address)).statusCode).toBe(200);
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[7]!;
    };
    const knownMs = await median(email);
    const unknownMs = await median(`ghost-${uniq}@example.in`);
    console.log(`forgot-password median reply: known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`);
  });

  it('takes 3 requests per account in 15 minutes, quietly', async () => {
    const email = `limit-${uniq}@example.in`;
    await registerOwner(auth, email);
    for (let i = 0; i < 5; i++) expect((await forgot(auth, email)).statusCode).toBe(200);
    expect(await queuedFor(auth, email)).toHaveLength(3);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(3);
    expect(new Set(mailsTo(email).map(tokenIn)).size).toBe(3);
  });

  it('tries a refused mail again later, with a fresh link', async () => {
    const email = `retry-${uniq}@example.in`;
    await registerOwner(auth, email);
    refuseNext = 1;
    expect((await forgot(auth, email)).statusCode).toBe(200);
    await expect.poll(async () => (await queuedFor(auth, email))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    const [row] = await queuedFor(auth, email);
    expect(row).toMatchObject({ sent_at: null, last_error: '421 try again later' });
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + offsetMs);
    expect(mailsTo(email)).toHaveLength(0);
    offsetMs = 16_000; // the first retry is due 15 s later
    try {
      await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await queuedFor(auth, email))[0]?.sent_at, { timeout: 10_000 }).not.toBeNull();
      expect((await queuedFor(auth, email))[0]?.attempts).toBe(2);
    } finally {
      offsetMs = 0;
    }
  });

  it('sends each mail once when two instances send side by side', async () => {
    auth.startResetMailSender();
    const emails = [0, 1, 2].map((i) => `pair-${i}-${uniq}@example.in`);
    for (const email of emails) await registerOwner(auth, email);
    const replies = await Promise.all(emails.flatMap((email) => [forgot(auth, email), forgot(auth, email)]));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const email of emails) {
      await expect.poll(async () => (await queuedFor(auth, email)).every((r) => r.sent_at !== null), { timeout: 10_000 }).toBe(true);
      expect(mailsTo(email)).toHaveLength(2);
      expect(new Set(mailsTo(email).map(tokenIn)).size).toBe(2);
    }
  });
});
