import type { Executor, StoredEvent } from '@akhada/kit';
import type { AttendanceDb, TrialVisitsTable } from '../db/schema.ts';
import type { TrialPassEvent } from '../domain/trial-pass/decider.ts';

/** The trial_visits row a visit makes (the check-in answers it without reading it back). */
export const trialVisitRowOf = (d: TrialPassEvent['data']): TrialVisitsTable => ({
  id: d.visitId,
  pass_id: d.passId,
  org_id: d.orgId,
  location_id: d.locationId,
  lead_id: d.leadId,
  name: d.name,
  visit_time: new Date(d.visitTime),
  check_in_method: d.method,
  visit_number: d.visitNumber,
});

/** The trial_visits read table, kept inline with each pass's stream. */
export const projectTrialVisits = async (db: Executor<AttendanceDb>, { event }: StoredEvent<TrialPassEvent>): Promise<void> => {
  if (event.type !== 'TrialVisitRecorded') return;
  await db
    .insertInto('trial_visits')
    .values(trialVisitRowOf(event.data))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
};
