import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Tables every service has: event store, outbox, inbox, dead letters, and the organization directory (projected from
 * auth's events by the directory consumer, see directory/). Named 0000_* so they run first; a kit table added later
 * (0000_kit_directory) still runs on a schema whose service migrations ran before it (`migrate` allows that order).
 */
export const kitMigrations: Record<string, Migration> = {
  '0000_kit_event_store': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('events')
        .addColumn('global_position', 'bigserial', (c) => c.primaryKey())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('stream_version', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('metadata', 'jsonb', (c) => c.notNull())
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('events_stream_version_uq', ['stream_id', 'stream_version'])
        .execute();
    },
  },
  '0000_kit_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      // The relay looks only at unsent rows; a partial index keeps that cheap however long the table grows.
      await sql`create index outbox_unsent_idx on outbox (id) where sent_at is null`.execute(db);
    },
  },
  '0000_kit_inbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('inbox')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('inbox_pk', ['consumer', 'event_id'])
        .execute();
      await db.schema
        .createTable('dead_letters')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text')
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('partition', 'integer', (c) => c.notNull())
        .addColumn('offset', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0000_kit_directory': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kit_organizations')
        .addColumn('org_id', 'uuid', (c) => c.primaryKey())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('trial_ends_at', 'timestamptz')
        // When the projected event happened: an older event never overwrites a newer one.
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('kit_locations')
        .addColumn('location_id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('kit_locations_org_idx').on('kit_locations').column('org_id').execute();
    },
  },
  '0000_kit_snapshots': {
    async up(db: Kysely<unknown>) {
      // The state of a long stream at a version (aggregates that opt in): a command folds only the events after it.
      await db.schema
        .createTable('snapshots')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('stream_version', 'integer', (c) => c.notNull())
        // The state's shape: a snapshot of another shape is ignored (the stream is folded from the start).
        .addColumn('schema', 'integer', (c) => c.notNull())
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

/** Kysely table types of the kit's tables, to merge into each service's DB interface. */
export interface KitTables {
  events: {
    global_position: import('kysely').Generated<number>;
    stream_id: string;
    stream_version: number;
    type: string;
    data: unknown;
    metadata: unknown;
    recorded_at: import('kysely').Generated<Date>;
  };
  outbox: {
    id: import('kysely').Generated<number>;
    event_id: string;
    topic: string;
    key: string;
    payload: unknown;
    created_at: import('kysely').Generated<Date>;
    sent_at: Date | null;
    attempts: import('kysely').Generated<number>;
    last_error: string | null;
  };
  inbox: { consumer: string; event_id: string; processed_at: import('kysely').Generated<Date> };
  dead_letters: {
    id: import('kysely').Generated<number>;
    consumer: string;
    event_id: string | null;
    topic: string;
    partition: number;
    offset: string;
    payload: string;
    error: string;
    attempts: number;
    created_at: import('kysely').Generated<Date>;
  };
  snapshots: { stream_id: string; stream_version: number; schema: number; state: unknown; taken_at: import('kysely').Generated<Date> };
  /** The organization directory (kit): plan and trial end of every organization, from auth's events. */
  kit_organizations: { org_id: string; plan: string; trial_ends_at: Date | null; updated_at: Date };
  kit_locations: { location_id: string; org_id: string; name: string; city: string; timezone: string };
}
