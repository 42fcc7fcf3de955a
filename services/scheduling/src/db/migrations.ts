import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_examples': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('examples')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('examples_org_idx').on('examples').column('org_id').execute();
    },
  },
};
