// One transaction of check-ins (the kit applies a partition's batch in one) bumps the organization's version once and
// announces each location's change once; a second transaction announces again.
import { AttendanceEvents } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { createTestKeys } from '@akhada/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceHandlers } from '../src/consumers/attendance.ts';
import { bootDashboard } from './setup.ts';

const ORG = newId();
const [BRANCH_A, BRANCH_B] = [newId(), newId()];
const NOW = new Date('2026-11-20T06:30:00Z');

const checkedIn = (locationId: string, i: number) =>
  makeEnvelope(AttendanceEvents.CheckedIn, {
    orgId: ORG,
    locationId,
    aggregateId: newId(),
    occurredAt: new Date(NOW.getTime() + i * 1000).toISOString(),
    correlationId: newId(),
    causationId: newId(),
    data: {
      attendanceId: newId(),
      memberId: newId(),
      type: 'member',
      locationId,
      firstName: `Member${i}`,
      lastName: 'Rao',
      trainerId: null,
      workoutType: 'strength',
      checkInMethod: 'kiosk',
      checkInTime: new Date(NOW.getTime() + i * 1000).toISOString(),
    },
  });

describe('dashboard.figures_changed', () => {
  let dash: Awaited<ReturnType<typeof bootDashboard>>;
  beforeAll(async () => {
    dash = await bootDashboard('dash_figures', NOW, await createTestKeys());
  });
  afterAll(() => dash.close());

  it('one per location and area per transaction of events, and one version bump per organization', async () => {
    const handler = attendanceHandlers({ announce: true }).find((h) => h.type === AttendanceEvents.CheckedIn.type)!;
    const apply = (envelopes: ReturnType<typeof checkedIn>[]) =>
      dash.db.transaction().execute(async (trx) => {
        for (const env of envelopes) await handler.handle(trx, env);
      });
    await apply([checkedIn(BRANCH_A, 1), checkedIn(BRANCH_A, 2), checkedIn(BRANCH_B, 3), checkedIn(BRANCH_A, 4)]);
    await apply([checkedIn(BRANCH_A, 5)]);

    const announced = await dash.db.selectFrom('outbox').select('payload').orderBy('id').execute();
    const figures = announced.map((r) => r.payload as { type: string; orgId: string; data: { locationId: string; area: string } });
    expect(figures.map((f) => [f.type, f.orgId, f.data.locationId, f.data.area])).toEqual([
      ['dashboard.figures_changed', ORG, BRANCH_A, 'attendance'],
      ['dashboard.figures_changed', ORG, BRANCH_B, 'attendance'],
      ['dashboard.figures_changed', ORG, BRANCH_A, 'attendance'],
    ]);
    const version = await dash.db.selectFrom('org_versions').select('version').where('org_id', '=', ORG).executeTakeFirstOrThrow();
    expect(Number(version.version)).toBe(2);
    // Every check-in is in the read model all the same.
    const rows = await dash.db.selectFrom('check_ins').select('attendance_id').where('org_id', '=', ORG).execute();
    expect(rows).toHaveLength(5);
  });
});
