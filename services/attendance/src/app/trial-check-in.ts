import { normalizeTrialPassCode, type TrialVisit } from '@akhada/contracts';
import { executeCommand, metadataOf, newId, type RequestContext } from '@akhada/kit';
import { notFound } from '@akhada/kit/domain';
import { trialPassAggregate } from '../aggregates/trial-pass.ts';
import { trialPassByCode } from '../db/trial-passes-repo.ts';
import type { TrialCheckInMethod, TrialVisitRecorded } from '../domain/trial-pass/decider.ts';
import { checkInLocation } from './access.ts';
import { dateIn, zoneOf, type AttendanceDeps } from './deps.ts';

export interface TrialCheckInRequest {
  passCode: string;
  locationId?: string | undefined;
  method: TrialCheckInMethod;
  at: Date;
}

const answerOf = (d: TrialVisitRecorded['data']): TrialVisit => ({
  _id: d.visitId,
  passId: d.passId,
  leadId: d.leadId,
  name: d.name,
  locationId: d.locationId,
  visitTime: d.visitTime,
  checkInMethod: d.method,
  visitNumber: d.visitNumber,
  validUntil: d.validUntil,
  lastDay: d.lastDay,
});

/**
 * A lead's visit by their trial pass code, at one of the caller's locations: the pass from this service's copy of
 * enquiries' passes (another organization's code is not found, like an unknown one), the window and the location
 * decided on the pass's own stream. `unknown` is the refusal for a code that is no pass of the organization.
 */
export const recordTrialVisit = async (
  deps: Pick<AttendanceDeps, 'db' | 'directory' | 'timeZone'>,
  ctx: RequestContext,
  req: TrialCheckInRequest,
  unknown: () => Error = () => notFound('Trial pass'),
): Promise<TrialVisit> => {
  const locationId = checkInLocation(ctx, req.locationId);
  const code = normalizeTrialPassCode(req.passCode);
  const pass = code ? await trialPassByCode(deps.db, ctx.orgId, code) : undefined;
  if (!pass) throw unknown();
  const zone = await zoneOf(deps, locationId);
  const { events } = await executeCommand(
    deps.db,
    trialPassAggregate,
    pass.id,
    {
      type: 'RecordTrialVisit',
      data: {
        passId: pass.id,
        leadId: pass.lead_id,
        orgId: pass.org_id,
        name: pass.name,
        passLocationId: pass.location_id,
        validFrom: pass.valid_from.toISOString(),
        validUntil: pass.valid_until.toISOString(),
        firstDay: pass.first_day,
        lastDay: pass.last_day,
        visitId: newId(),
        locationId,
        at: req.at.toISOString(),
        today: dateIn(zone, req.at),
        method: req.method,
      },
    },
    metadataOf(ctx, { locationId }),
  );
  const recorded = events.find((e) => e.event.type === 'TrialVisitRecorded')?.event;
  if (!recorded) throw new Error('a trial visit decided no TrialVisitRecorded event');
  return answerOf(recorded.data);
};
