import { ChatEvents, FeedbackEvents, InventoryEvents, PaymentEvents, type EventEnvelope, type NotificationStatus } from '@akhada/contracts';
import { metadataOf, on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { announceRead } from '../db/announcements.ts';
import { countUnread } from '../db/notifications-repo.ts';
import type { z } from 'zod';
import type { NotificationsDb } from '../db/schema.ts';
import { applyRule } from './rules-engine.ts';

type Trx = Transaction<NotificationsDb>;
/** The payment's facts every payments event carries (PaymentFacts). */
type Facts = z.infer<typeof PaymentEvents.PaymentUpdated.data>;

/** Applies the rule line of the event's type (domain/rules.ts). */
const rule = (trx: Trx, env: EventEnvelope<unknown>) => applyRule(trx, env as EventEnvelope<Record<string, unknown>>).then(() => undefined);

/** Keeps the copy of a payment the overdue sweep reads; an older event never overwrites a newer one. */
const copyPayment = async (trx: Trx, p: Facts, orgId: string) => {
  await trx
    .insertInto('payment_copies')
    .values({
      payment_id: p.paymentId,
      org_id: orgId,
      location_id: p.locationId,
      member_id: p.memberId,
      member_name: p.memberName,
      total_paise: p.totalPaise,
      due_date: p.dueDate,
      status: p.status,
      as_of: new Date(p.occurredAt),
    })
    .onConflict((oc) =>
      oc
        .column('payment_id')
        .doUpdateSet((eb) => ({
          member_name: eb.ref('excluded.member_name'),
          total_paise: eb.ref('excluded.total_paise'),
          due_date: eb.ref('excluded.due_date'),
          status: eb.ref('excluded.status'),
          as_of: eb.ref('excluded.as_of'),
        }))
        .where('payment_copies.as_of', '<=', (eb) => eb.ref('excluded.as_of')),
    )
    .execute();
};

/** Payments knows the member's email and phone; keep them where this service has none yet. */
const keepContact = async (trx: Trx, orgId: string, d: { memberId: string; locationId: string; email: string; phone: string }) => {
  await trx
    .insertInto('member_copies')
    .values({
      member_id: d.memberId,
      org_id: orgId,
      location_id: d.locationId,
      email: d.email || null,
      phone: d.phone || null,
      end_date: null,
      trainer_id: null,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        email: eb.fn.coalesce('member_copies.email', eb.ref('excluded.email')),
        phone: eb.fn.coalesce('member_copies.phone', eb.ref('excluded.phone')),
      })),
    )
    .execute();
};

export const paymentHandlers = [
  on(PaymentEvents.PaymentRecorded, (trx: Trx, env) => copyPayment(trx, env.data, env.orgId)),
  on(PaymentEvents.PaymentUpdated, (trx: Trx, env) => copyPayment(trx, env.data, env.orgId)),
  on(PaymentEvents.PaymentCancelled, (trx: Trx, env) => copyPayment(trx, env.data, env.orgId)),
  on(PaymentEvents.PaymentCompleted, async (trx: Trx, env) => {
    await copyPayment(trx, env.data, env.orgId);
    await rule(trx, env);
  }),
  on(PaymentEvents.PaymentFailed, (trx: Trx, env) => rule(trx, env)),
  on(PaymentEvents.PaymentRefunded, (trx: Trx, env) => rule(trx, env)),
  on(PaymentEvents.PaymentReminderRequested, async (trx: Trx, env) => {
    await keepContact(trx, env.orgId, env.data);
    await rule(trx, env);
  }),
  // Autopay's pre-debit notice (issue 28): the member told before each charge, once per event (the inbox, and the
  // notification's unique source event).
  on(PaymentEvents.AutopayChargeDue, async (trx: Trx, env) => {
    await keepContact(trx, env.orgId, env.data);
    await rule(trx, env);
  }),
  // A charge Razorpay gave up retrying (halted): the member told the autopay stopped renewing (domain/rules.ts).
  on(PaymentEvents.AutopayChargeFailed, (trx: Trx, env) => rule(trx, env)),
];

export const feedbackHandlers = [
  on(FeedbackEvents.FeedbackSubmitted, (trx: Trx, env) => rule(trx, env)),
  on(FeedbackEvents.FeedbackResponded, (trx: Trx, env) => rule(trx, env)),
];

/**
 * A participant read a conversation (chat.read): their chat notification of it, if one is unread, is read too, and
 * the bells learn the new count. The next message while they are offline notifies them again.
 */
const readChatNotifications = async (trx: Trx, env: EventEnvelope<z.infer<typeof ChatEvents.ConversationRead.data>>) => {
  const d = env.data;
  const res = await trx
    .updateTable('notifications')
    .set({ status: sql<NotificationStatus>`case when status = 'unread' then 'read' else status end`, read_at: new Date(env.occurredAt) })
    .where('org_id', '=', env.orgId)
    .where('recipient_id', '=', d.userId)
    .where('category', '=', 'chat_message')
    .where('action_url', '=', chatLink(d.conversationId))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return;
  await announceRead(trx, metadataOf(env), env.occurredAt, {
    recipientId: d.userId,
    unreadCount: await countUnread(trx, { recipientId: d.userId, orgId: env.orgId }),
  });
};

/** The conversation's path, as chat.message_sent gives it in `link` (the chat notification's action URL). */
export const chatLink = (conversationId: string) => `/dashboard/chat?c=${conversationId}`;

export const chatHandlers = [
  on(ChatEvents.MessageSent, (trx: Trx, env) => rule(trx, env)),
  on(ChatEvents.ConversationRead, (trx: Trx, env) => readChatNotifications(trx, env)),
];

export const inventoryHandlers = [
  on(InventoryEvents.LowStockDetected, (trx: Trx, env) => rule(trx, env)),
  on(InventoryEvents.BatchExpiring, (trx: Trx, env) => rule(trx, env)),
  on(InventoryEvents.MaintenanceDue, (trx: Trx, env) => rule(trx, env)),
];
