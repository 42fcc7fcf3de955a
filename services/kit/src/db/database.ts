import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import { kitMigrations } from './kit-migrations.ts';

// int8 (bigint, count(*)) arrives as a string by default. Every bigint we store (positions, paise) fits in 2^53,
// so we read them as numbers once, here, for the whole process.
pg.types.setTypeParser(20, (v) => Number(v));
// `date` columns stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db<T> = Kysely<T>;

export interface DbHandle<T> {
  db: Kysely<T>;
  pool: pg.Pool;
  schema: string;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** One pool per service, pinned to the service's own schema through search_path. */
export const createDb = <T>({ url, schema, max = 10 }: { url: string; schema: string; max?: number }): DbHandle<T> => {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pool = new pg.Pool({ connectionString: url, max, options: `-c search_path=${schema},public`, application_name: schema });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, schema, close: () => db.destroy() };
};

/**
 * Creates the schema and runs the kit's tables plus the service's migrations, in name order.
 * kysely's Migrator holds a Postgres advisory lock while it runs, so several instances starting at once are safe.
 */
export const migrate = async <T>(handle: DbHandle<T>, migrations: Record<string, Migration>): Promise<void> => {
  const { db, schema } = handle;
  await sql`select pg_advisory_lock(hashtext(${'akhada.schema.' + schema}))`.execute(db).catch(() => undefined);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } finally {
    await sql`select pg_advisory_unlock(hashtext(${'akhada.schema.' + schema}))`.execute(db).catch(() => undefined);
  }
  const all = { ...kitMigrations, ...migrations };
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => all },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed in schema ${schema}: ${String(error)}`);
};
