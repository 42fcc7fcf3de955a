// The referral reward exactly once across a process crash: a members process is killed (SIGKILL) inside the
// transaction that took the referred lead's enquiries.lead_joined — the reward written, not committed — and the event
// is then delivered again (twice) to the running consumer: the referrer's term grows by the gym's days once, and one
// members.referral_rewarded is announced. The killed attempt's work went with its connection.
import { EnquiriesEvents, memberReferralRoutes, topicOf, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope } from '@akhada/kit';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bootMembers } from './setup.ts';

const orgId = randomUUID();
const L1 = randomUUID();
let env: Awaited<ReturnType<typeof bootMembers>>;

beforeAll(async () => {
  env = await bootMembers('members_refcrash', { consumers: true });
  await env.org(orgId, 'enterprise', null, [[L1, 'Asia/Kolkata']]);
}, 60_000);
afterAll(async () => env?.close());

const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  env.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const memberWithCode = async (n: number) => {
  const res = await call(await env.sign(orgId, 'admin', [L1]), 'POST', '/members', {
    firstName: 'Ref',
    lastName: `Crash${n}`,
    email: `refcrash${n}.${orgId.slice(0, 8)}@example.in`,
    phone: `+91 92222 ${String(10000 + n)}`,
    locationId: L1,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { _id: string } }).data._id;
  const mine = await call(await env.sign(orgId, 'member', [L1], id), 'GET', '/members/me/referral');
  return { id, code: memberReferralRoutes.mine.responses[200].parse(mine.json()).data.code };
};
const joined = (referralCode: string) =>
  makeEnvelope(EnquiriesEvents.LeadJoined, {
    orgId,
    aggregateId: 'referrals',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    data: { leadId: randomUUID(), locationId: L1, memberId: randomUUID(), referralCode },
  });
const publish = (...envs: EventEnvelope[]) =>
  env.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf('enquiries'), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const endDateOf = async (id: string) => (await env.db.selectFrom('members').select('end_date').where('id', '=', id).executeTakeFirstOrThrow()).end_date;

/** The lead's event taken in another process that hangs before its commit; resolves once it is paused there. */
const takeInChild = (envelope: EventEnvelope) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./fixtures/referral-reward-child.ts', import.meta.url)), env.databaseUrl, env.schema, JSON.stringify(envelope)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const paused = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('PAUSED')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before pausing`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { paused, kill: async () => void (child.kill('SIGKILL'), await exited) };
};

it('a members process killed mid-reward leaves nothing; the redelivered event rewards the referrer once', async () => {
  const owner = await env.sign(orgId, 'owner', [L1]);
  expect((await call(owner, 'PUT', '/members/referral-settings', { rewardDays: 10 })).statusCode).toBe(200);
  const referrer = await memberWithCode(1);
  const sentinel = await memberWithCode(2);
  const before = await endDateOf(referrer.id);
  const event = joined(referrer.code);

  const child = takeInChild(event);
  await child.paused;
  await child.kill();
  expect(await endDateOf(referrer.id)).toBe(before);
  expect(await env.db.selectFrom('inbox').select('event_id').where('event_id', '=', event.eventId).execute()).toEqual([]);

  const sentinelEvent = joined(sentinel.code);
  await publish(event, event, sentinelEvent); // redelivered twice; the sentinel after them on the same key
  await vi.waitUntil(async () => ((await endDateOf(sentinel.id)) !== before ? true : undefined), { timeout: 20_000, interval: 100 });
  const plusTen = new Date(`${before}T00:00:00Z`);
  plusTen.setUTCDate(plusTen.getUTCDate() + 10);
  expect(await endDateOf(referrer.id)).toBe(plusTen.toISOString().slice(0, 10));
  const announced = await env.db.selectFrom('outbox').select('payload').where('key', '=', referrer.id).execute();
  expect(announced.filter((r) => (r.payload as { type: string }).type === 'members.referral_rewarded')).toHaveLength(1);
}, 60_000);
