// Scale-out system test: two attendance instances behind the gateway. Check-ins go through the gateway; both instances
// answer some and both own partitions of attendance's consumer groups; one instance is killed (SIGKILL) mid-stream.
// Afterwards every accepted check-in is stored exactly once, each member has one session, every check-in produced
// one attendance.checked_in event (a redelivered copy carries the same event id, which consumers' inboxes drop), and
// the survivor takes over the dead instance's partitions (a member added after the crash can check in).
import { attendanceRoutes } from '@akhada/contracts';
import { api } from '@akhada/test-support/api';
import { Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

interface Instance {
  index: number;
  port: number;
  opsPort: number;
  instanceId: string;
}
const NS = 'e2e'; // the browser-test stack's topic and consumer-group namespace (global-setup.ts)

/** POST /attendance/check-in answered by instance `opsPort`, from its own metrics. */
const checkInsServed = async (opsPort: number): Promise<number> => {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('method="POST"') && l.includes('route="/attendance/check-in"'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
};

describe('attendance scales out behind the gateway', () => {
  it('spreads check-ins over two instances and loses or doubles none when one is killed mid-stream', async () => {
    const a = api(inject('gatewayUrl'));
    const control = inject('controlUrl');
    const instances = (await (await fetch(`${control}/instances/attendance`)).json()) as Instance[];
    expect(instances).toHaveLength(2);
    const admin = new Kafka({ clientId: `scale-out-${randomUUID()}`, brokers: inject('kafkaBrokers'), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      // Both instances own partitions of the members consumer group (3 partitions, 2 members).
      const owners = async () => {
        const { groups } = await admin.describeGroups([`${NS}.attendance.members`]);
        return (groups[0]?.members ?? []).map((m) => m.clientId);
      };
      await expect
        .poll(
          async () => {
            const clients = await owners();
            return instances.filter((i) => clients.some((c) => c.includes(i.instanceId))).length;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(2);

      const gym = await a.newGym('scale', { plan: 'pro' });
      const N = 40;
      const memberIds: string[] = [];
      for (let i = 0; i < N; i++) {
        const r = await a.call('POST', '/members', a.member(i), gym.token);
        expect(r.status, JSON.stringify(r.json)).toBe(201);
        memberIds.push(r.json.data._id);
      }
      const before = await Promise.all(instances.map((i) => checkInsServed(i.opsPort)));

      // The stream: 4 front desks at once; halfway, instance 2 is killed.
      const results = new Map<string, { status: number; id?: string }>();
      const checkIn = async (memberId: string) => {
        const r = await a.call('POST', '/attendance/check-in', { memberId, checkInMethod: 'manual' }, gym.token);
        results.set(memberId, { status: r.status, ...(r.status === 201 ? { id: attendanceRoutes.checkIn.responses[201].parse(r.json).data._id } : {}) });
        return r;
      };
      // A member's copy reaches attendance through members' events: the first check-ins wait for it.
      await expect.poll(async () => (await checkIn(memberIds[0]!)).status, { timeout: 60_000, interval: 250 }).toBe(201);
      const queue = memberIds.slice(1);
      // Instance 2's share, read just before it dies (its metrics die with it).
      let servedBySecond = 0;
      let killed: Promise<Response> | undefined;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let m = queue.shift(); m; m = queue.shift()) {
            if (!killed && queue.length < N / 2)
              killed = checkInsServed(instances[1]!.opsPort).then((n) => {
                servedBySecond = n - before[1]!;
                return fetch(`${control}/kill/attendance/1`, { method: 'POST' });
              });
            await checkIn(m);
          }
        }),
      );
      expect((await killed!).status).toBe(200);

      // Both instances answered check-ins.
      const servedByFirst = (await checkInsServed(instances[0]!.opsPort)) - before[0]!;
      expect(servedByFirst).toBeGreaterThan(0);
      expect(servedBySecond).toBeGreaterThan(0);
      const statuses = [...results.values()].map((r) => r.status);
      console.info(
        `[scale-out] check-ins served: instance 1 ${servedByFirst}, instance 2 ${servedBySecond} (until killed); ` +
          `answers: ${statuses.filter((x) => x === 201).length} accepted, ${statuses.filter((x) => x !== 201).length} cut by the kill`,
      );
      // A request cut by the kill may have failed (503) or been refused as a retry (never a 500, never a double).
      expect(
        statuses.every((s) => s === 201 || s === 503),
        JSON.stringify(statuses),
      ).toBe(true);
      // A check-in whose answer was lost: asking again either checks them in or says they are inside already.
      for (const [memberId, r] of results)
        if (r.status !== 201) {
          const again = await a.call('POST', '/attendance/check-in', { memberId }, gym.token);
          expect([201, 409], JSON.stringify(again.json)).toContain(again.status);
          if (again.status === 201) results.set(memberId, { status: 201, id: again.json.data._id });
        }

      // Stored exactly once: one session per member, every accepted id among them.
      const stored: { _id: string; member: { _id: string } | null }[] = [];
      for (let page = 1; ; page++) {
        const r = await a.call('GET', `/attendance?type=member&limit=100&page=${page}`, undefined, gym.token);
        expect(r.status, JSON.stringify(r.json)).toBe(200);
        stored.push(...attendanceRoutes.list.responses[200].parse(r.json).data);
        if (page >= r.json.pagination.pages) break;
      }
      expect(stored).toHaveLength(N);
      expect(new Set(stored.map((s) => s.member?._id))).toEqual(new Set(memberIds));
      const accepted = [...results.values()].filter((r) => r.id).map((r) => r.id!);
      expect(accepted.every((id) => stored.some((s) => s._id === id))).toBe(true);

      // Every check-in produced exactly one event (by event id; copies redelivered after the crash share it).
      const eventsByAttendance = new Map<string, Set<string>>();
      const consumer = new Kafka({ clientId: `scale-out-${randomUUID()}`, brokers: inject('kafkaBrokers'), logLevel: logLevel.NOTHING }).consumer({
        groupId: `scale-out-test-${randomUUID()}`,
      });
      await consumer.connect();
      await consumer.subscribe({ topic: `${NS}.akhada.attendance.events`, fromBeginning: true });
      const storedIds = new Set(stored.map((s) => s._id));
      await consumer.run({
        eachMessage: async ({ message }) => {
          const env = JSON.parse(message.value?.toString('utf8') ?? '{}') as { id: string; type: string; data: { attendanceId: string } };
          if (env.type !== 'attendance.checked_in' || !storedIds.has(env.data.attendanceId)) return;
          const ids = eventsByAttendance.get(env.data.attendanceId) ?? new Set<string>();
          ids.add(env.id);
          eventsByAttendance.set(env.data.attendanceId, ids);
        },
      });
      try {
        await expect.poll(() => eventsByAttendance.size, { timeout: 60_000, interval: 500 }).toBe(N);
        expect([...eventsByAttendance.values()].every((ids) => ids.size === 1)).toBe(true);
      } finally {
        await consumer.disconnect();
      }

      // The survivor is the group's only member now (the dead one's session expired): it owns every partition.
      const survivor = instances[0]!.instanceId;
      await expect
        .poll(async () => (await owners()).map((c) => (c.includes(survivor) ? 'survivor' : c)), { timeout: 60_000, interval: 500 })
        .toEqual(['survivor']);
      const late = await a.call('POST', '/members', a.member(N), gym.token);
      expect(late.status).toBe(201);
      await expect
        .poll(async () => (await a.call('POST', '/attendance/check-in', { memberId: late.json.data._id }, gym.token)).status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(201);
    } finally {
      await admin.disconnect();
      // The other tests get the stack as it was.
      await fetch(`${control}/start/attendance/1`, { method: 'POST' });
    }
  }, 300_000);
});
