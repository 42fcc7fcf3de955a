import { executeCommand, inTransaction, newId } from '@akhada/kit';
import { trainerAggregate } from '../aggregates/trainer.ts';
import { claimExpiringCertifications, markNoticed } from '../db/expiry-notices-repo.ts';
import { dateIn, DEFAULT_TIME_ZONE } from '@akhada/kit';
import { addDays, EXPIRY_WARNING_DAYS } from '../domain/trainer/availability.ts';
import type { TrainersDeps } from './deps.ts';

/**
 * The scheduled job: every certification expiring within 30 days raises trainers.certification_expiring once per
 * certification and expiry date (notifications tells the trainer and the admins). Safe on several instances at once:
 * rows are claimed with SKIP LOCKED, the (certification, expiry date) marker row is unique, and the trainer's stream
 * refuses a second flag for the same date. Returns how many were raised by this run.
 */
export const flagExpiringCertifications = async (deps: Pick<TrainersDeps, 'db' | 'clock'>, { batchSize = 100 } = {}): Promise<number> => {
  const now = deps.clock();
  const today = dateIn(DEFAULT_TIME_ZONE, now);
  const until = addDays(today, EXPIRY_WARNING_DAYS);
  const runId = newId();
  let raised = 0;
  for (;;) {
    const { claimed, flagged } = await inTransaction(deps.db, async (trx) => {
      const rows = await claimExpiringCertifications(trx, today, until, batchSize);
      let n = 0;
      for (const c of rows) {
        if (!(await markNoticed(trx, { certification_id: c.certification_id, expiry_date: c.expiry_date, trainer_id: c.trainer_id, noticed_at: now })))
          continue;
        const { events } = await executeCommand(
          trx,
          trainerAggregate,
          c.trainer_id,
          { type: 'FlagCertificationExpiring', data: { certificationId: c.certification_id, expiryDate: c.expiry_date, flaggedAt: now.toISOString() } },
          { orgId: c.org_id, locationId: c.location_id, correlationId: runId, causationId: runId },
        );
        n += events.length;
      }
      return { claimed: rows.length, flagged: n };
    });
    raised += flagged;
    if (claimed < batchSize) return raised;
  }
};
