import { PaymentEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { timeZoneOf } from '../db/directory-repo.ts';
import type { TrainersDb } from '../db/schema.ts';
import { dateIn } from '@akhada/kit';

type Trx = Transaction<TrainersDb>;

/**
 * A trainer's earnings from the payments service: a completed payment to a trainer counts on the day it was paid
 * (location calendar); a refund lowers it to what remains. Each event carries the payment's whole figures, so
 * applying one twice gives the same row; an older event never overwrites a newer one.
 */
const record = async (
  trx: Trx,
  env: { orgId: string; occurredAt: string },
  p: { paymentId: string; trainerId: string | null; category: string; type: string; totalPaise: number; refundedPaise: number; locationId: string },
  paidAt: string | null,
) => {
  if (p.category !== 'trainer' || !p.trainerId) return;
  const existing = await trx.selectFrom('trainer_earnings').select('paid_on').where('payment_id', '=', p.paymentId).executeTakeFirst();
  const paidOn = existing?.paid_on ?? dateIn(await timeZoneOf(trx, p.locationId), new Date(paidAt ?? env.occurredAt));
  const row = {
    payment_id: p.paymentId,
    org_id: env.orgId,
    trainer_id: p.trainerId,
    type: p.type,
    amount_paise: p.totalPaise - p.refundedPaise,
    paid_on: paidOn,
    updated_at: new Date(env.occurredAt),
  };
  await trx
    .insertInto('trainer_earnings')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('payment_id')
        .doUpdateSet({ amount_paise: row.amount_paise, updated_at: row.updated_at })
        .where('trainer_earnings.updated_at', '<=', sql<Date>`excluded.updated_at`),
    )
    .execute();
};

export const earningsHandlers = [
  on(PaymentEvents.PaymentCompleted, (trx: Trx, env) => record(trx, env, env.data, env.data.paidAt)),
  on(PaymentEvents.PaymentRefunded, (trx: Trx, env) => record(trx, env, env.data, null)),
];
