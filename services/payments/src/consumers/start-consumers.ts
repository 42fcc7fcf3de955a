import { topicOf } from '@akhada/contracts';
import { startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';
import { invoiceHandlers } from './invoices.ts';
import { memberHandlers } from './members.ts';
import { onSaleCancelled, onSaleCompleted, onSalePaymentRequested } from './sales.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onReferralCreditGranted } from './referral-credits.ts';
import { onMembershipPlansChanged } from './plans.ts';
import { purchaseHandlers, type PurchaseDeps } from './purchases.ts';
import { trainerHandlers } from './trainers.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<PaymentsDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: { members?: string; trainers?: string; sales?: string; auth?: string; purchases?: string; plans?: string };
  /**
   * Scheduling's purchases (refunds of online ones go through Razorpay: the keys' box and the SDK port); without it
   * the purchases group is not started (tests of the other groups).
   */
  online?: PurchaseDeps;
  startAt?: 'beginning' | 'now';
}

/** The payments service's consumers: members (people, terms and their fees), trainers (whom we pay), the point of sale's sales, scheduling's purchases. */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    {
      name: 'payments.members',
      groupId: o.groups?.members ?? 'payments.members',
      topic: topicOf('members'),
      handlers: [...memberHandlers, onReferralCreditGranted],
    },
    { name: 'payments.trainers', groupId: o.groups?.trainers ?? 'payments.trainers', topic: topicOf('trainers'), handlers: trainerHandlers },
    {
      name: 'payments.sales',
      groupId: o.groups?.sales ?? 'payments.sales',
      topic: topicOf('inventory'),
      handlers: [onSaleCompleted(o.logger), onSalePaymentRequested(o.logger), onSaleCancelled(o.logger)],
    },
    // The purchase pipeline: session packs and event tickets bought from scheduling.
    ...(o.online
      ? [
          {
            name: 'payments.purchases',
            groupId: o.groups?.purchases ?? 'payments.purchases',
            topic: topicOf('scheduling'),
            handlers: purchaseHandlers(o.online, o.logger),
          },
        ]
      : []),
    // Erasure (DPDP): the person's personal data goes; payments.person_erased answers auth.
    { name: 'payments.auth', groupId: o.groups?.auth ?? 'payments.auth', topic: topicOf('auth'), handlers: [onPersonErasureRequested] },
    // The gym's plans (autopay is turned on per plan): its own group, so a new one reads the auth topic from the beginning.
    { name: 'payments.plans', groupId: o.groups?.plans ?? 'payments.plans', topic: topicOf('auth'), handlers: [onMembershipPlansChanged] },
  ]);

export const INVOICES_GROUP = 'payments.invoices';

/**
 * The invoices group, on this service's own topic (payments completed and refunded → invoices and credit notes): apart
 * from startConsumers so a test of the other groups issues no invoices (main.ts starts both).
 */
export const startInvoiceConsumers = (o: {
  bus: EventBus;
  db: Kysely<PaymentsDb>;
  logger: Logger;
  groupId?: string;
  startAt?: 'beginning' | 'now';
}): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [{ name: INVOICES_GROUP, groupId: o.groupId ?? INVOICES_GROUP, topic: topicOf('payments'), handlers: invoiceHandlers(o.logger) }]);
