import { PaymentEvents, topicOf, type Language } from '@akhada/contracts';
import { enqueue, makeEnvelope, metadataOf, type Logger } from '@akhada/kit';
import { addDays, dateIn } from '@akhada/kit/domain';
import { sql } from 'kysely';
import { autopayFactsOf } from '../aggregates/autopay.ts';
import type { AutopaySubscriptionsTable } from '../db/schema.ts';
import type { PaymentsDeps } from './deps.ts';

/** How many days ahead of a charge its pre-debit notice goes out (Indian rules: at least 24 hours before). */
export const NOTICE_DAYS = 2;

/**
 * The pre-debit notices: every running autopay (authenticated or active, no cancellation asked) whose next charge —
 * its paid-through date, or its start before the first — falls from today to today + NOTICE_DAYS in its location's
 * calendar is announced once (payments.autopay_charge_due, for notifications to tell the member), the notice row and
 * the event in one transaction. Returns how many were announced.
 */
export const announceDueCharges = async (deps: Pick<PaymentsDeps, 'db' | 'clock' | 'timeZone'> & { logger?: Logger }, limit = 500): Promise<number> => {
  const now = deps.clock();
  const horizon = addDays(dateIn(deps.timeZone, now), NOTICE_DAYS + 1);
  const rows = await deps.db
    .selectFrom('autopay_subscriptions as s')
    .leftJoin('kit_locations as l', 'l.location_id', 's.location_id')
    .selectAll('s')
    .select('l.timezone')
    .where('s.status', 'in', ['authenticated', 'active'])
    .where('s.cancel_requested', 'is', null)
    .where((eb) => eb(eb.fn.coalesce('s.paid_through', 's.start_date'), '<=', horizon))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('autopay_notices as n')
            .select('n.autopay_id')
            .whereRef('n.autopay_id', '=', 's.id')
            .where('n.charge_no', '=', sql<number>`s.charges + 1`),
        ),
      ),
    )
    .limit(limit)
    .execute();
  let sent = 0;
  for (const r of rows) {
    const today = dateIn(r.timezone ?? deps.timeZone, now);
    const due = r.paid_through ?? r.start_date;
    if (due < today || due > addDays(today, NOTICE_DAYS)) continue;
    const chargeNo = r.charges + 1;
    const announced = await deps.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('autopay_notices')
        .values({ autopay_id: r.id, charge_no: chargeNo, due_date: due, sent_at: now })
        .onConflict((oc) => oc.columns(['autopay_id', 'charge_no']).doNothing())
        .returning('autopay_id')
        .executeTakeFirst();
      if (!fresh) return false;
      const member = await trx.selectFrom('pay_members').select(['email', 'phone', 'locale']).where('id', '=', r.member_id).executeTakeFirst();
      const at = now.toISOString();
      await enqueue(
        trx,
        topicOf('payments'),
        makeEnvelope(PaymentEvents.AutopayChargeDue, {
          ...metadataOf({ orgId: r.org_id, correlationId: `${r.id}:${chargeNo}`, requestId: `${r.id}:${chargeNo}` }, { locationId: r.location_id }),
          aggregateId: r.id,
          occurredAt: at,
          data: {
            ...autopayFactsOf(r as AutopaySubscriptionsTable, at),
            chargeNo,
            dueDate: due,
            email: member?.email ?? '',
            phone: member?.phone ?? '',
            locale: (member?.locale as Language | null | undefined) ?? null,
          },
        }),
      );
      return true;
    });
    if (announced) sent++;
  }
  return sent;
};
