// Automations exactly once across a process crash: a notifications process is killed (SIGKILL) in the middle of a
// sweep, inside the transaction of a run whose notification and deliveries are written but not committed; the next
// sweep (another process, here the test's) reaches every member once — the killed run's work rolled back with its
// connection, the runs before it kept, none repeated.
import { AuthEvents, MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, newId, type EventHandler } from '@akhada/kit';
import { bootServiceForTest } from '@akhada/kit/testing';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { sweepAutomations } from '../src/consumers/automations.ts';
import { memberCopyHandlers } from '../src/consumers/member-copies.ts';
import { onUserRegistered } from '../src/consumers/recipients.ts';
import { seedBuiltins } from '../src/db/automations-repo.ts';
import { migrations } from '../src/db/migrations.ts';
import type { NotificationsDb } from '../src/db/schema.ts';

const orgId = newId();
const L1 = newId();
const ownerId = newId();
let t: Awaited<ReturnType<typeof boot>>;
const now = new Date();
const boot = () =>
  bootServiceForTest<NotificationsDb, Omit<AppDeps, 'logger' | 'verifier' | 'readiness' | 'directory'>, ReturnType<typeof buildApp>, false>({
    name: 'notifications',
    prefix: 'notif_auto_crash',
    migrations,
    kafka: false,
    directory: { orgs: [{ orgId }], locations: [{ locationId: L1, orgId, name: 'Andheri', timezone: 'Asia/Kolkata' }] },
    deps: (c) => ({ db: c.db, clock: () => now }),
    buildApp,
  });
const apply = (h: EventHandler<NotificationsDb>, env: EventEnvelope<unknown>) => t.db.transaction().execute((trx) => h.handle(trx, env));
const meta = (aggregateId: string) => ({ aggregateId, orgId, correlationId: newId(), causationId: newId(), occurredAt: now.toISOString() });
const localDay = (d: number) => new Date(now.getTime() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

/** Runs a sweep in another process that pauses inside the n-th run of the rule; resolves with that run's id once it is paused there. */
const sweepInChild = (ruleId: string, n: number, batch: number) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./fixtures/automation-sweep-child.ts', import.meta.url)),
      t.databaseUrl,
      t.schema,
      ruleId,
      String(n),
      now.toISOString(),
      String(batch),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const paused = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /PAUSED (\S+)/.exec(out);
      if (m) resolve(m[1]!);
      if (out.includes('DONE')) reject(new Error('the child finished without pausing'));
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before pausing`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { paused, kill: async () => void (child.kill('SIGKILL'), await exited) };
};

beforeAll(async () => {
  t = await boot();
  await apply(
    onUserRegistered,
    makeEnvelope(AuthEvents.UserRegistered, {
      ...meta(ownerId),
      data: { userId: ownerId, orgId, role: 'owner', firstName: 'Test', lastName: 'Owner', email: `${ownerId}@example.in`, locationIds: [L1] },
    }),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it.each([
  // One run per transaction (the tests' sweep): the two runs before the killed one stay.
  { batch: 1, kept: 2 },
  // The service's sweep (25 runs per transaction): the killed run's whole batch rolls back.
  { batch: 25, kept: 0 },
])(
  'a process killed mid-run (SIGKILL inside the run’s transaction, $batch run(s) per transaction), the sweep run again: each member reminded once',
  { timeout: 60_000 },
  async ({ batch, kept }) => {
    await seedBuiltins(t.db, now, orgId);
    const members: string[] = [];
    for (let i = 0; i < 4; i++) {
      const memberId = newId();
      members.push(memberId);
      await apply(
        memberCopyHandlers.find((h) => h.type === MemberEvents.MemberRegistered.type)!,
        makeEnvelope(MemberEvents.MemberRegistered, {
          ...meta(memberId),
          locationId: L1,
          data: {
            memberId,
            locationId: L1,
            firstName: `Member${i}`,
            lastName: 'Shah',
            email: `${memberId}@example.in`,
            phone: `9876${String(i).padStart(6, '0')}`,
            membershipType: 'annual',
            paymentFrequency: 'annually',
            feePaise: 1_200_000,
            startDate: localDay(-300),
            endDate: localDay(7),
          },
        }),
      );
    }
    const rule = await t.db.selectFrom('automations').select('id').where('org_id', '=', orgId).where('builtin', '=', 'renewal_7d').executeTakeFirstOrThrow();
    const reminded = async () =>
      Promise.all(
        members.map(
          async (m) =>
            (await t.db.selectFrom('notifications').select('id').where('recipient_id', '=', m).where('category', '=', 'membership_expiring').execute()).length,
        ),
      );

    // The child pauses inside the 3rd renewal run, its notification written, and dies there.
    const child = sweepInChild(rule.id, 3, batch);
    const killedRun = await child.paused;
    await child.kill();
    expect((await reminded()).reduce((a, b) => a + b, 0)).toBe(kept);
    const killed = await t.db.selectFrom('automation_runs').selectAll().where('id', '=', killedRun).executeTakeFirstOrThrow();
    expect(killed.status).toBe('waiting');
    // Its lock went with its connection (as soon as the server sees it closed): the next sweep takes the run over, and the one after it.
    await expect
      .poll(
        async () => {
          await sweepAutomations(t.db, now);
          return reminded();
        },
        { timeout: 20_000 },
      )
      .toEqual([1, 1, 1, 1]);
    await sweepAutomations(t.db, now);
    expect(await reminded()).toEqual([1, 1, 1, 1]);
    const runs = await t.db
      .selectFrom('automation_runs')
      .select(['person_id', 'status'])
      .where('rule_id', '=', rule.id)
      .where('person_id', 'in', members)
      .execute();
    expect(runs.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(new Set(runs.map((r) => r.person_id))).toEqual(new Set(members));
  },
);
