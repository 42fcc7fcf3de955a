import type { LeadDetail } from '@akhada/contracts';
import { TRIAL_PASS_ALPHABET } from '@akhada/contracts';
import { newId, type RequestContext } from '@akhada/kit';
import { addDays, dateIn, DEFAULT_TIME_ZONE, startOfDayIn } from '@akhada/kit/domain';
import { randomBytes } from 'node:crypto';
import { visibleLead } from './access.ts';
import type { EnquiriesDeps } from './deps.ts';
import { commandOnLead } from './leads.ts';

/** A pass code "TP-ABCDE-FGHJK": 10 characters without look-alikes (31^10 ≈ 8·10^14), typed at the desk or scanned. */
const newPassCode = (): string => {
  const chars = [...randomBytes(10)].map((b) => TRIAL_PASS_ALPHABET[b % TRIAL_PASS_ALPHABET.length]).join('');
  return `TP-${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/**
 * A trial pass for `days` days at the lead's location: from now until midnight there after the last day (a 1-day
 * pass issued in the evening covers the rest of today). Attendance learns it from enquiries.trial_pass_issued.
 */
export const issueTrialPass = async (
  deps: Pick<EnquiriesDeps, 'db' | 'clock' | 'directory'>,
  ctx: RequestContext,
  id: string,
  days: number,
): Promise<LeadDetail> => {
  const row = await visibleLead(deps, ctx, id);
  const zone = (await deps.directory.location(row.location_id))?.timezone ?? DEFAULT_TIME_ZONE;
  const now = deps.clock();
  const today = dateIn(zone, now);
  const lastDay = addDays(today, days - 1);
  return commandOnLead(deps, ctx, id, 'IssueTrialPass', {
    passId: newId(),
    code: newPassCode(),
    days,
    validFrom: now.toISOString(),
    validUntil: startOfDayIn(zone, addDays(lastDay, 1)).toISOString(),
    lastDay,
  });
};
