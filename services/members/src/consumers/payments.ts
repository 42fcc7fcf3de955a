import { PaymentEvents, MEMBERSHIP_PAYMENT_TYPES } from '@akhada/contracts';
import { executeCommand, dateIn, daysBetween, DEFAULT_TIME_ZONE, DomainError, type Logger, metadataOf, on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { membershipAggregate } from '../aggregates/membership.ts';
import type { MembersDb } from '../db/schema.ts';
import { monthsOfPeriod } from '../domain/membership/period.ts';

const frequencyOf = (startDate: string, endDate: string) => {
  const days = daysBetween(startDate, endDate);
  return days <= 45 ? 'monthly' : days <= 120 ? 'quarterly' : 'annually';
};

/**
 * A completed membership payment recorded in payments (with a period) becomes the member's next term, once per payment
 * id (payment_terms). Payments made FROM a members renewal (source `members`) are skipped, and the term made here
 * carries the payment id, which payments skips in turn: nothing is counted twice and nothing loops. A payment this
 * membership cannot take (archived, frozen) is left as money received, with a warning.
 */
export const onPaymentCompleted = (logger?: Logger) =>
  on(PaymentEvents.PaymentCompleted, async (trx: Transaction<MembersDb>, env) => {
    const p = env.data;
    if (p.source === 'members' || p.category !== 'member' || !p.memberId || !p.membershipPeriod || !p.membershipType) return;
    if (!(MEMBERSHIP_PAYMENT_TYPES as readonly string[]).includes(p.type)) return;
    const member = await trx.selectFrom('members').select(['org_id', 'location_id']).where('id', '=', p.memberId).executeTakeFirst();
    if (!member || member.org_id !== env.orgId) return;
    const claimed = await trx
      .insertInto('payment_terms')
      .values({ payment_id: p.paymentId, org_id: env.orgId, member_id: p.memberId, created_at: new Date(env.occurredAt) })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .returning('payment_id')
      .executeTakeFirst();
    if (!claimed) return;
    const zone =
      (await trx.selectFrom('kit_locations').select('timezone').where('location_id', '=', member.location_id).executeTakeFirst())?.timezone ??
      DEFAULT_TIME_ZONE;
    try {
      await executeCommand(
        trx,
        membershipAggregate,
        p.memberId,
        {
          type: 'RenewMembership',
          data: {
            membershipType: p.membershipType,
            paymentFrequency: p.paymentFrequency ?? frequencyOf(p.membershipPeriod.startDate, p.membershipPeriod.endDate),
            durationMonths: monthsOfPeriod(p.membershipPeriod.startDate, p.membershipPeriod.endDate),
            feePaise: p.amountPaise,
            paymentMethod: p.method,
            startDate: p.membershipPeriod.startDate,
            today: dateIn(zone, new Date(env.occurredAt)),
            renewedAt: env.occurredAt,
            paymentId: p.paymentId,
          },
        },
        metadataOf(env, { locationId: member.location_id }),
      );
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      logger?.warn({ err, paymentId: p.paymentId, memberId: p.memberId }, 'membership payment not turned into a term');
    }
  });
