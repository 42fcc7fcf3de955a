import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. */
export const migrations: Record<string, Migration> = {
  '0001_recipients': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recipients')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('location_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('recipients_org_role_idx').on('recipients').columns(['org_id', 'role']).execute();
    },
  },
  '0002_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('recipient_id', 'uuid', (c) => c.notNull())
        .addColumn('location_id', 'uuid')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('unread')
            .check(sql`status in ('unread', 'read', 'archived')`),
        )
        .addColumn('title_key', 'text', (c) => c.notNull())
        .addColumn('message_key', 'text', (c) => c.notNull())
        .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('action_url', 'text')
        .addColumn('action_text', 'text')
        .addColumn('source_event_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz')
        .addUniqueConstraint('notifications_source_recipient_uq', ['source_event_id', 'recipient_id'])
        .execute();
      // The list: one recipient's notifications, newest first.
      await sql`create index notifications_recipient_created_idx on notifications (recipient_id, created_at desc, id desc)`.execute(db);
      // The badge: unread count per recipient.
      await sql`create index notifications_unread_idx on notifications (recipient_id) where status = 'unread'`.execute(db);
    },
  },
  '0003_awaiting_recipients': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('awaiting_recipients')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('awaiting_recipients_org_idx').on('awaiting_recipients').column('org_id').execute();
    },
  },
  '0004_recipients_version': {
    /**
     * The version guard of the recipients upsert. auth's users are rows, not event streams, so their events carry no
     * stream version; the envelope's occurredAt is the version instead. Why that order is sound enough: auth stamps
     * occurredAt in the transaction that changes the user, and publishes with the user id as the Kafka key, so one
     * user's events reach us in auth's commit order on one partition. The guard refuses what arrives out of that order
     * by other paths: a redelivery after a newer event, a replay, a parked event released late. Its limit: two changes
     * of one user in the same millisecond (or stamped before a lock wait) keep the first to arrive. If auth ever sends
     * frequent changes of a user, it should carry a per-user version in the event and this column should become that.
     * Rows from before this migration get -infinity, so the next event always applies.
     */
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('recipients')
        .addColumn('source_occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`'-infinity'::timestamptz`))
        .execute();
    },
  },
  '0005_low_attendance_alerts': {
    /** Once per member per period: the attendance service emits at most once per period, and this makes sure of it here too. */
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('low_attendance_alerts')
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('member_id', 'uuid', (c) => c.notNull())
        .addColumn('period_start', 'date', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('low_attendance_alerts_pk', ['org_id', 'member_id', 'period_start'])
        .execute();
    },
  },
};
