import { SchedulingEvents, topicOf } from '@akhada/contracts';
import { enqueue, makeEnvelope, newId, periodicJob, type Logger, type PeriodicJob } from '@akhada/kit';
import type { SchedulingDeps } from './deps.ts';

const MINUTE = 60_000;

/**
 * Online purchases never paid do not hold forever: a session pack bought online and still unpaid
 * PURCHASE_HOLD_MINUTES after it was asked for is cancelled, and `scheduling.purchase_cancelled` (in the same
 * transaction, the outbox) tells payments to cancel its pending payment and order. A paid ticket's purchase has its own,
 * shorter hold: the event clock lapses the ticket, which cancels its purchase the same way (aggregates/gym-event.ts).
 * One statement claims the rows (status requested/pending → cancelled), so two instances never cancel one twice.
 */
export const runPurchaseClock = async (deps: Pick<SchedulingDeps, 'db' | 'clock'>, limit = 200): Promise<{ cancelled: number }> => {
  const now = deps.clock();
  const before = new Date(now.getTime() - SchedulingEvents.PURCHASE_HOLD_MINUTES * MINUTE);
  const runId = newId();
  return deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('pack_purchases')
      .set({ status: 'cancelled' })
      .where(
        'id',
        'in',
        trx
          .selectFrom('pack_purchases')
          .select('id')
          .where('method', '=', 'online')
          .where('status', 'in', ['requested', 'pending'])
          .where('created_at', '<=', before)
          .orderBy('created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'org_id', 'location_id'])
      .execute();
    for (const r of rows)
      await enqueue(
        trx,
        topicOf('scheduling'),
        makeEnvelope(SchedulingEvents.PurchaseCancelled, {
          orgId: r.org_id,
          locationId: r.location_id,
          correlationId: runId,
          causationId: runId,
          aggregateId: r.id,
          occurredAt: now.toISOString(),
          data: {
            purchaseId: r.id,
            organizationId: r.org_id,
            locationId: r.location_id,
            reason: `Not paid within ${SchedulingEvents.PURCHASE_HOLD_MINUTES} minutes`,
            occurredAt: now.toISOString(),
          },
        }),
      );
    return { cancelled: rows.length };
  });
};

export const startPurchaseClock = (deps: Pick<SchedulingDeps, 'db' | 'clock'> & { logger: Logger }, intervalMs: number): PeriodicJob =>
  periodicJob({ name: 'scheduling.purchase-clock', intervalMs, run: () => runPurchaseClock(deps), logger: deps.logger });
