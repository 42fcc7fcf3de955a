import type { Executor, StoredEvent } from '@akhada/kit';
import { sql } from 'kysely';
import type { PaymentsDb, PaymentsTable, StoredHistoryEntry } from '../db/schema.ts';
import { totalOf, type Actor, type PaymentEvent } from '../domain/payment/decider.ts';
import { giveBackReferralCredit } from '../db/referral-credits-repo.ts';

const who = (a: Actor | null) => (a ? { _id: a.id, name: a.name } : null);
const entry = (action: StoredHistoryEntry['action'], at: string, by: Actor | null, amountPaise: number | null = null, note: string | null = null) =>
  JSON.stringify([{ action, at, by: who(by), amountPaise, note } satisfies StoredHistoryEntry]);

/** Moves the row to `version` only when it is behind (a replayed event changes nothing), appending a history line. */
const update = async (db: Executor<PaymentsDb>, id: string, version: number, at: string, set: Partial<PaymentsTable>, history?: string) => {
  await db
    .updateTable('payments')
    .set({
      ...set,
      version,
      updated_at: new Date(at),
      ...(history ? { history: sql`history || ${history}::jsonb` } : {}),
    } as never)
    .where('id', '=', id)
    .where('version', '<', version)
    .execute();
};

/**
 * The payments read table (and refunds, reminders) from payment events: inline in the command's transaction.
 * Everything written comes from the event, so a replay reproduces it; rows only move forward by stream version.
 * A second reminder of a member on one day fails here on `reminders_member_day_uq` (the command rolls back: 429).
 */
export const projectPayments = async (db: Executor<PaymentsDb>, { event, streamVersion: v }: StoredEvent<PaymentEvent>): Promise<void> => {
  switch (event.type) {
    case 'PaymentRecorded': {
      const d = event.data;
      await db
        .insertInto('payments')
        .values({
          id: d.paymentId,
          org_id: d.orgId,
          location_id: d.locationId,
          category: d.category,
          type: d.type,
          status: d.status,
          member_id: d.memberId,
          trainer_id: d.trainerId,
          member_name: d.memberName,
          trainer_name: d.trainerName,
          amount_paise: d.amountPaise,
          gst_paise: d.gstPaise,
          total_paise: totalOf(d),
          refunded_paise: 0,
          method: d.method,
          description: d.description,
          notes: d.notes,
          membership_type: d.membershipType,
          period_start: d.membershipPeriod?.startDate ?? null,
          period_end: d.membershipPeriod?.endDate ?? null,
          payment_frequency: d.paymentFrequency,
          salary_month: d.salaryPeriod?.month ?? null,
          salary_year: d.salaryPeriod?.year ?? null,
          due_date: d.dueDate,
          paid_at: d.status === 'completed' ? new Date(d.at) : null,
          source: d.source,
          source_id: d.sourceId,
          razorpay_order_id: null,
          razorpay_payment_id: null,
          razorpay_link_id: null,
          razorpay_link_url: null,
          invoice_id: null,
          invoice_number: null,
          billing: d.billing ? JSON.stringify(d.billing) : null,
          gst_split: d.gst ? JSON.stringify(d.gst) : null,
          referral_credit_paise: d.referralCreditPaise ?? 0,
          history: entry('recorded', d.at, d.by, totalOf(d), d.status === 'completed' ? 'completed' : 'pending'),
          created_by_id: d.by?.id ?? null,
          created_by_name: d.by?.name ?? null,
          created_at: new Date(d.at),
          updated_at: new Date(d.at),
          version: v,
        } as never)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'PaymentUpdated': {
      const c = event.data.changes;
      const set: Partial<PaymentsTable> = {};
      if (c.type !== undefined) set.type = c.type;
      if (c.amountPaise !== undefined) set.amount_paise = c.amountPaise;
      if (c.gstPaise !== undefined) set.gst_paise = c.gstPaise;
      if (c.gst !== undefined) set.gst_split = (c.gst ? JSON.stringify(c.gst) : null) as never;
      if (c.method !== undefined) set.method = c.method;
      if (c.description !== undefined) set.description = c.description;
      if (c.notes !== undefined) set.notes = c.notes;
      if (c.membershipType !== undefined) set.membership_type = c.membershipType;
      if (c.membershipPeriod !== undefined) {
        set.period_start = c.membershipPeriod?.startDate ?? null;
        set.period_end = c.membershipPeriod?.endDate ?? null;
      }
      if (c.dueDate !== undefined) set.due_date = c.dueDate;
      await update(db, event.data.paymentId, v, event.data.at, set, entry('updated', event.data.at, event.data.by));
      if (c.amountPaise !== undefined || c.gstPaise !== undefined) {
        await sql`update payments set total_paise = amount_paise + gst_paise where id = ${event.data.paymentId}`.execute(db);
      }
      return;
    }
    case 'PaymentMarkedPaid': {
      const d = event.data;
      const note = [d.reference, d.notes].filter(Boolean).join(' · ') || null;
      await update(
        db,
        d.paymentId,
        v,
        d.at,
        { status: 'completed', method: d.method, paid_at: new Date(d.paidAt) },
        entry('marked_paid', d.at, d.by, null, note),
      );
      return;
    }
    case 'OnlineOrderOpened':
      await update(db, event.data.paymentId, v, event.data.at, { razorpay_order_id: event.data.orderId });
      return;
    case 'PaymentLinkCreated': {
      const d = event.data;
      await update(db, d.paymentId, v, d.at, { razorpay_link_id: d.linkId, razorpay_link_url: d.url }, entry('payment_link_created', d.at, d.by, null, d.url));
      return;
    }
    case 'PaymentCapturedOnline': {
      const d = event.data;
      await update(
        db,
        d.paymentId,
        v,
        d.paidAt,
        {
          status: 'completed',
          method: d.method,
          paid_at: new Date(d.paidAt),
          razorpay_payment_id: d.razorpayPaymentId,
          ...(d.razorpayOrderId ? { razorpay_order_id: d.razorpayOrderId } : {}),
        },
        entry('captured_online', d.paidAt, null, null, `${d.razorpayPaymentId} (${d.via})`),
      );
      return;
    }
    case 'PaymentCapturedAfterCancel': {
      // The payment stays cancelled (out of the sums) until its automatic refund; the capture is in its history. Its
      // paid_at is when the money arrived, so the figures count it received and refunded (net 0), never only refunded.
      const d = event.data;
      await update(
        db,
        d.paymentId,
        v,
        d.paidAt,
        {
          razorpay_payment_id: d.razorpayPaymentId,
          paid_at: new Date(d.paidAt),
          ...(d.razorpayOrderId ? { razorpay_order_id: d.razorpayOrderId } : {}),
        },
        entry('captured_online', d.paidAt, null, d.amountPaise, `${d.razorpayPaymentId} (${d.via}): ${d.reason}`),
      );
      return;
    }
    case 'PaymentFailedOnline': {
      const d = event.data;
      await update(db, d.paymentId, v, d.at, { status: 'failed' }, entry('failed', d.at, null, null, d.reason));
      return;
    }
    case 'PaymentRefunded': {
      const d = event.data;
      const row = await db.selectFrom('payments').select(['org_id', 'version']).where('id', '=', d.paymentId).executeTakeFirst();
      if (!row || row.version >= v) return;
      await db
        .insertInto('refunds')
        .values({
          id: d.refundId,
          org_id: row.org_id,
          payment_id: d.paymentId,
          amount_paise: d.amountPaise,
          reason: d.reason,
          status: 'processed',
          razorpay_refund_id: d.razorpayRefundId,
          created_by_id: d.by?.id ?? null,
          created_at: new Date(d.at),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await update(db, d.paymentId, v, d.at, {}, entry('refunded', d.at, d.by, d.amountPaise, d.reason));
      await sql`update payments set refunded_paise = refunded_paise + ${d.amountPaise},
                  status = case when ${d.afterCancel === true} or refunded_paise + ${d.amountPaise} >= total_paise then 'refunded' else 'partially_refunded' end
                where id = ${d.paymentId}`.execute(db);
      // Money captured after the order expired: the reason is the payment's note too, so the list shows why.
      if (d.afterCancel)
        await sql`update payments set notes = case when notes = '' then ${d.reason} else notes || ' · ' || ${d.reason} end
                  where id = ${d.paymentId}`.execute(db);
      return;
    }
    case 'PaymentCancelled': {
      const d = event.data;
      await update(db, d.paymentId, v, d.at, { status: 'cancelled' }, entry('cancelled', d.at, d.by, null, d.reason));
      await giveBackReferralCredit(db, d.paymentId);
      return;
    }
    case 'ReminderRequested': {
      const d = event.data;
      const row = await db.selectFrom('payments').select(['org_id', 'member_id', 'version']).where('id', '=', d.paymentId).executeTakeFirst();
      if (!row || row.version >= v || !row.member_id) return;
      await db
        .insertInto('reminders')
        .values({
          id: d.reminderId,
          org_id: row.org_id,
          payment_id: d.paymentId,
          member_id: row.member_id,
          day: d.day,
          sent_at: new Date(d.at),
          sent_by_id: d.by?.id ?? null,
          payment_link_url: d.paymentLinkUrl,
        })
        .execute();
      await update(db, d.paymentId, v, d.at, {}, entry('reminder_sent', d.at, d.by, null, d.message));
      return;
    }
    default:
      return;
  }
};
