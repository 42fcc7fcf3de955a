import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneTrialPasses } from '../src/app/prune-trial-passes.ts';
import { bootAttendance } from './setup.ts';

let t: Awaited<ReturnType<typeof bootAttendance>>;
beforeAll(async () => {
  t = await bootAttendance('attendance_prune');
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const pass = (endedDaysAgo: number) => {
  const id = randomUUID();
  const until = new Date(t.time.now - endedDaysAgo * DAY);
  return {
    id,
    org_id: randomUUID(),
    location_id: randomUUID(),
    lead_id: randomUUID(),
    name: 'Meera Iyer',
    phone: '9123456780',
    code: `TP-${id.slice(0, 5).toUpperCase()}-${id.slice(9, 13).toUpperCase()}X`,
    valid_from: new Date(until.getTime() - 3 * DAY),
    valid_until: until,
    first_day: '2030-01-01',
    last_day: '2030-01-03',
  };
};

describe('pruning ended trial passes', () => {
  it('removes the passes that ended over a week ago (in batches), keeps the valid and recently ended ones and every visit', async () => {
    const old = [pass(30), pass(8), pass(7.5)];
    const kept = [pass(-2), pass(0.5), pass(6.9)];
    await t.db
      .insertInto('trial_passes')
      .values([...old, ...kept])
      .execute();
    const visitId = randomUUID();
    await t.db
      .insertInto('trial_visits')
      .values({
        id: visitId,
        pass_id: old[0]!.id,
        org_id: old[0]!.org_id,
        location_id: old[0]!.location_id,
        lead_id: old[0]!.lead_id,
        name: 'Meera Iyer',
        visit_time: new Date(t.time.now - 31 * DAY),
        check_in_method: 'manual',
        visit_number: 1,
      })
      .execute();

    expect(await pruneTrialPasses(t, { batchSize: 2 })).toBe(3);
    const left = (await t.db.selectFrom('trial_passes').select('id').execute()).map((r) => r.id).sort();
    expect(left).toEqual(kept.map((p) => p.id).sort());
    expect(await t.db.selectFrom('trial_visits').select('id').execute()).toEqual([{ id: visitId }]);
    // A second run (another instance, the next hour) finds nothing more.
    expect(await pruneTrialPasses(t)).toBe(0);
    // A day later the pass that ended 6.9 days ago goes too.
    t.time.now += DAY;
    expect(await pruneTrialPasses(t)).toBe(1);
  });
});
