import { topicOf } from '@akhada/contracts';
import { READ_MODEL_GATHER_MS, startConsumerGroups, type EventBus, type Logger, type RunningConsumer } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { leadCopyHandlers, onMemberCheckedIn, orgBrandHandlers } from './audience-facts.ts';
import { followUpCopyHandlers, formLinkCopyHandlers } from './follow-up-copies.ts';
import { onCertificationExpiring } from './certification-expiring.ts';
import { onLowAttendanceDetected } from './low-attendance.ts';
import { memberCopyHandlers } from './member-copies.ts';
import { onTrainerCreated } from './trainer-created.ts';
import { chatHandlers, feedbackHandlers, inventoryHandlers, paymentHandlers } from './other-services.ts';
import { onPersonErasureRequested } from './person-erasure.ts';
import { onDataRequestChanged } from './data-request-changed.ts';
import { onNewDeviceSignedIn, onUserRegistered } from './recipients.ts';
import { schedulingHandlers } from './scheduling.ts';
import { webhookConsumerGroups } from './webhooks.ts';

export interface ConsumerOptions {
  bus: EventBus;
  db: Kysely<NotificationsDb>;
  logger: Logger;
  /** Kafka consumer groups; tests pass their own so they never share partitions with a running service. */
  groups?: {
    recipients?: string;
    members?: string;
    trainers?: string;
    attendance?: string;
    payments?: string;
    feedback?: string;
    chat?: string;
    inventory?: string;
    scheduling?: string;
    /** enquiries' leads (lead_copies, the offers-and-news consent given with an enquiry). Tests that name their groups get it only when they name it. */
    enquiries?: string;
    /** Prefix of the webhook groups (`<prefix>.<service>`). Tests that name their groups get none unless they name this too. */
    webhooks?: string;
  };
  /**
   * 'beginning' (the service): a group without committed offsets reads the whole topic, so the read model is complete.
   * 'now' (tests): skip history, and resolve only once the group has joined so nothing produced afterwards is missed.
   */
  startAt?: 'beginning' | 'now';
}

/**
 * The service's inbox consumers of other services' events. One group per topic: a group's partitions of every
 * subscribed topic are spread across its members, so consumers with different subscriptions must not share a group.
 */
export const startConsumers = (o: ConsumerOptions): Promise<RunningConsumer[]> =>
  startConsumerGroups(o, [
    {
      name: 'notifications.recipients',
      groupId: o.groups?.recipients ?? 'notifications.recipients',
      topic: topicOf('auth'),
      handlers: [onUserRegistered, onNewDeviceSignedIn, onPersonErasureRequested, onDataRequestChanged, ...orgBrandHandlers],
    },
    {
      name: 'notifications.members',
      groupId: o.groups?.members ?? 'notifications',
      topic: topicOf('members'),
      handlers: memberCopyHandlers,
    },
    {
      name: 'notifications.trainers',
      groupId: o.groups?.trainers ?? 'notifications.trainers',
      topic: topicOf('trainers'),
      handlers: [onTrainerCreated, onCertificationExpiring],
    },
    // The low-attendance rule and members' last visit: check-ins and check-outs reach sockets through the hub's fan-out, not this group.
    {
      name: 'notifications.attendance',
      groupId: o.groups?.attendance ?? 'notifications.attendance',
      topic: topicOf('attendance'),
      handlers: [onLowAttendanceDetected, onMemberCheckedIn],
      gatherMs: READ_MODEL_GATHER_MS,
    },
    // The rule table's lines for payments, feedback and chat (domain/rules.ts).
    { name: 'notifications.payments', groupId: o.groups?.payments ?? 'notifications.payments', topic: topicOf('payments'), handlers: paymentHandlers },
    { name: 'notifications.feedback', groupId: o.groups?.feedback ?? 'notifications.feedback', topic: topicOf('feedback'), handlers: feedbackHandlers },
    { name: 'notifications.chat', groupId: o.groups?.chat ?? 'notifications.chat', topic: topicOf('chat'), handlers: chatHandlers },
    // Inventory's alerts (low stock, expiring batch, maintenance due) to the location's staff.
    { name: 'notifications.inventory', groupId: o.groups?.inventory ?? 'notifications.inventory', topic: topicOf('inventory'), handlers: inventoryHandlers },
    // Classes: the copy the reminder sweep reads, and the members and staff a class's changes concern. Tests that name
    // their groups get this one only when they name it too.
    ...(o.groups && !o.groups.scheduling
      ? []
      : [
          {
            name: 'notifications.scheduling',
            groupId: o.groups?.scheduling ?? 'notifications.scheduling',
            topic: topicOf('scheduling'),
            handlers: schedulingHandlers,
          },
        ]),
    ...(o.groups && !o.groups.enquiries
      ? []
      : [
          {
            name: 'notifications.enquiries',
            groupId: o.groups?.enquiries ?? 'notifications.enquiries',
            topic: topicOf('enquiries'),
            handlers: [...leadCopyHandlers, ...followUpCopyHandlers, ...formLinkCopyHandlers],
          },
        ]),
    // Outgoing webhooks (Settings → Integrations): their own groups, so a slow rule never holds back a delivery.
    ...(o.groups && !o.groups.webhooks ? [] : webhookConsumerGroups(o.groups?.webhooks)),
  ]);
