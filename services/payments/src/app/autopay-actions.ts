import type { EventEnvelope } from '@akhada/contracts';
import type { Logger } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';
import type { PaymentsDeps } from './deps.ts';
import { keysOf } from './razorpay-keys.ts';

/** Attempts before a pause or resume is left failed (staff see the autopay's status; Razorpay's dashboard can do it). */
const MAX_ATTEMPTS = 10;

/**
 * A member's freeze asks for their running autopay to be paused, the unfreeze for a paused one to be resumed: recorded
 * in the consumer's transaction (one request per member event, so a redelivery asks nothing more), made by
 * `runAutopayActions` outside it. Only an active autopay can be paused (Razorpay's rule); a resume is asked of a paused
 * or active one (its pause may be done while the paused webhook is still on its way): the job resumes it only when
 * Razorpay has it paused.
 */
export const requestAutopayAction = async (trx: Transaction<PaymentsDb>, env: EventEnvelope<unknown>, memberId: string, action: 'pause' | 'resume') => {
  const statuses = action === 'pause' ? ['active'] : ['paused', 'active'];
  const autopays = await trx
    .selectFrom('autopay_subscriptions')
    .select(['id'])
    .where('org_id', '=', env.orgId)
    .where('member_id', '=', memberId)
    .where('status', 'in', statuses)
    .execute();
  for (const a of autopays) {
    await trx
      .insertInto('autopay_actions')
      .values({
        id: `${env.eventId}:${action}:${a.id}`,
        org_id: env.orgId,
        autopay_id: a.id,
        action,
        status: 'requested',
        requested_at: new Date(env.occurredAt),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
};

/**
 * The job: each requested pause or resume, oldest first, asked of Razorpay with the gym's keys; done when Razorpay
 * did it or the subscription is in that state already (a retry after an answer that was lost). The status itself
 * follows Razorpay's webhook (subscription.paused / resumed). Returns how many were done.
 */
export const runAutopayActions = async (
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'secrets' | 'razorpay'> & { logger?: Logger },
  limit = 20,
): Promise<number> => {
  const open = await deps.db
    .selectFrom('autopay_actions as a')
    .innerJoin('autopay_subscriptions as s', 's.id', 'a.autopay_id')
    .select(['a.id', 'a.org_id', 'a.action', 'a.attempts', 's.razorpay_subscription_id'])
    .where('a.status', '=', 'requested')
    .orderBy('a.requested_at')
    .limit(limit)
    .execute();
  let done = 0;
  for (const a of open) {
    const finish = (set: { status: 'done' | 'failed'; last_error?: string | null }) =>
      deps.db
        .updateTable('autopay_actions')
        .set({ ...set, attempts: a.attempts + 1, done_at: deps.clock() })
        .where('id', '=', a.id)
        .execute();
    try {
      const keys = await keysOf(deps.db, deps.secrets, a.org_id);
      if (!keys) throw new Error('Razorpay keys are not set');
      const rzp = deps.razorpay.client(keys).subscriptions;
      // Only an active subscription is paused and only a paused one resumed; any other state needs nothing (done).
      const now = await rzp.fetch(a.razorpay_subscription_id);
      if (a.action === 'pause' && now.status === 'active') await rzp.pause(a.razorpay_subscription_id, { pause_at: 'now' });
      if (a.action === 'resume' && now.status === 'paused') await rzp.resume(a.razorpay_subscription_id, { resume_at: 'now' });
      await finish({ status: 'done', last_error: null });
      done++;
    } catch (err) {
      const message = err instanceof Error ? err.message : JSON.stringify(err).slice(0, 500);
      deps.logger?.warn({ err, actionId: a.id }, `autopay ${a.action} failed`);
      if (a.attempts + 1 >= MAX_ATTEMPTS) await finish({ status: 'failed', last_error: message });
      else
        await deps.db
          .updateTable('autopay_actions')
          .set({ attempts: a.attempts + 1, last_error: message })
          .where('id', '=', a.id)
          .execute();
    }
  }
  return done;
};
