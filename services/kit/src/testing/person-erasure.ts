import { DataRightsEvents, type EventEnvelope } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { EventHandler } from '../events/consumer.ts';
import { makeEnvelope } from '../events/envelope.ts';
import { bootSchemaForTest } from './boot-service.ts';

/** The person every erasure test seeds (Asha Verma): none of these may be left in her rows afterwards. */
export const PERSONAL = ['Asha', 'Verma', 'asha@example.in', '9812345678'];

/**
 * A service's schema, migrated, to test its erasure consumer: `deliver` hands it auth.person_erasure_requested in a
 * transaction, as the kit's consumer does; `answers` reads the `<service>.person_erased` it wrote to the outbox.
 */
export const erasureBench = async <DB>(prefix: string, migrations: Record<string, Migration>) => {
  const { db, schema, close } = await bootSchemaForTest<DB>({ prefix, migrations, max: 2 });
  const deliver = async (handler: EventHandler<DB>, data: DataRightsEvents.PersonErasureData, orgId = data.organizationId): Promise<EventEnvelope> => {
    const env = makeEnvelope(DataRightsEvents.PersonErasureRequested, {
      orgId,
      aggregateId: data.userId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
      data,
    });
    await db.transaction().execute((trx) => handler.handle(trx, env as EventEnvelope<unknown>));
    return env;
  };
  const answers = async (): Promise<{ type: string; data: DataRightsEvents.PersonErasedData }[]> => {
    const rows = await (db as unknown as Kysely<{ outbox: { payload: unknown; event_id: string } }>).selectFrom('outbox').select('payload').execute();
    return rows
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; data: DataRightsEvents.PersonErasedData })
      .filter((e) => e.type.endsWith('.person_erased'));
  };
  /**
   * Inserts a row with the given columns; every other NOT NULL column without a default gets a plain value of its type
   * (so a test names only what it is about).
   */
  const seed = async (table: string, values: Record<string, unknown>): Promise<void> => {
    const cols = await sql<{ column_name: string; data_type: string; udt_name: string }>`
      select column_name, data_type, udt_name from information_schema.columns
      where table_schema = ${schema} and table_name = ${table} and is_nullable = 'NO' and column_default is null and is_generated = 'NEVER'`.execute(db);
    const filled: Record<string, unknown> = { ...values };
    for (const c of cols.rows) {
      if (c.column_name in filled) continue;
      const t = c.data_type;
      filled[c.column_name] =
        t === 'uuid'
          ? randomUUID()
          : t.includes('timestamp')
            ? new Date()
            : t === 'date'
              ? '2025-01-01'
              : ['integer', 'bigint', 'numeric', 'smallint', 'real', 'double precision'].includes(t)
                ? 0
                : t === 'boolean'
                  ? false
                  : t === 'jsonb' || t === 'json'
                    ? '{}'
                    : t === 'ARRAY'
                      ? sql`'{}'`
                      : 'x';
    }
    const keys = Object.keys(filled);
    await sql`insert into ${sql.id(table)} (${sql.join(keys.map((k) => sql.id(k)))}) values (${sql.join(
      keys.map((k) => {
        const v = filled[k];
        return v !== null && typeof v === 'object' && !(v instanceof Date) && !('toOperationNode' in (v as object)) ? JSON.stringify(v) : v;
      }),
    )})`.execute(db);
  };
  /** Every row of the given tables whose column holds the id ([table, column, id]), as one text to search. */
  const rowsText = async (tables: [string, string, string][]): Promise<string> =>
    JSON.stringify(
      await Promise.all(tables.map(([table, col, id]) => sql`select * from ${sql.id(table)} where ${sql.id(col)} = ${id}`.execute(db).then((r) => r.rows))),
    );
  return { db, schema, deliver, answers, seed, rowsText, close };
};
