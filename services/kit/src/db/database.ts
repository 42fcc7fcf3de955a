import { CompiledQuery, Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
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

// ---------------------------------------------------------------------------------------------------------------------
// Prepared statements. PostgreSQL parses, analyses and plans every statement it is sent unnamed; for a short read on a
// hot path that is most of its work (the members page: ~0.5 ms of backend time unnamed, ~0.2 ms prepared). SQL texts
// registered here (by `prepareQuery`) run as named statements instead: parsed and planned once per connection, then
// only bound and executed. Everything else runs unnamed as before. The registry is bounded: a query of fixed shape
// belongs here, never SQL that varies with its input.

const MAX_PREPARED = 500;
const statementNames = new Map<string, string>(); // SQL text → statement name
let statementSerial = 0;
const nameStatement = (text: string): void => {
  if (statementNames.has(text) || statementNames.size >= MAX_PREPARED) return;
  statementNames.set(text, `akhada_${++statementSerial}`);
};

/** A pg client that runs the registered SQL texts as named prepared statements. */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection cut while the client is checked out (PostgreSQL restarted: `npm run chaos`, seed 20261129-c34-20)
    // rejects the query in flight and then emits 'error' on the client; pg-pool listens only while a client is idle,
    // so that emit killed the process (dashboard, inventory, auth, members, payments, notifications). The query's
    // rejection already reaches its caller, and pg-pool drops a client that is no longer queryable on release.
    this.on('error', () => undefined);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this passes them through
  override query(...args: any[]): any {
    const [text, values, callback] = args as [unknown, unknown[] | undefined, ((err: Error | null, res?: pg.QueryResult) => void) | undefined];
    // (text, values) from kysely, (text, values, callback) from pg-pool's pool.query.
    const plain = args.length <= 2 || (args.length === 3 && typeof callback === 'function');
    const name = plain && typeof text === 'string' ? statementNames.get(text) : undefined;
    if (!name) return (super.query as (...a: unknown[]) => unknown).apply(this, args);
    const sqlText = text as string;
    const run = (statement: string): Promise<pg.QueryResult> => super.query({ name: statement, text: sqlText, values });
    const result = run(name).catch((err: { code?: string }) => {
      // A table changed under a statement prepared before (a migration while this instance runs): "cached plan must
      // not change result type". Give the text a new name, so every connection prepares it afresh, and run it again.
      if (err.code !== '0A000' || statementNames.get(sqlText) !== name) throw err;
      const renamed = `akhada_${++statementSerial}`;
      statementNames.set(sqlText, renamed);
      return run(renamed);
    });
    if (!callback) return result;
    result.then(
      (res) => callback(null, res),
      (err: Error) => callback(err),
    );
    return undefined;
  }
}

const SLOT = Symbol('prepared query slot');
type Slot = { [SLOT]: string };
const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && SLOT in v;

/**
 * A query whose shape is fixed and whose values change, built and compiled by kysely once and run as a prepared
 * statement. `build` receives stand-ins for the values: pass them to kysely only as values (`where(col, '=', v.x)`,
 * `limit(v.n)`, `sql\`… = any(${v.ids})\``), never inspect them in JavaScript — compute derived values (a LIKE pattern)
 * before and pass them as values of their own. Call it once per shape (e.g. per combination of optional filters):
 *
 *   const byOrg = prepareQuery((v: { orgId: string; limit: number }) => db.selectFrom('members').selectAll().where('org_id', '=', v.orgId).limit(v.limit));
 *   const rows = (await db.executeQuery(byOrg({ orgId, limit: 20 }))).rows;
 *
 * Building and compiling the query is skipped on every later call (kysely's builder costs ~50 µs for a query with a
 * few filters), and PostgreSQL plans it once per connection.
 */
export const prepareQuery = <V extends object, R>(build: (values: V) => Compilable<R>): ((values: V) => CompiledQuery<R>) => {
  const stand = new Proxy({} as V, { get: (_target, key) => (typeof key === 'string' ? { [SLOT]: key } : undefined) });
  const compiled = build(stand).compile();
  // Each parameter is either one of the values (by name) or a constant the builder put in (a status literal).
  const sources = compiled.parameters.map((p): { slot: true; key: string } | { slot: false; value: unknown } =>
    isSlot(p) ? { slot: true, key: p[SLOT] } : { slot: false, value: p },
  );
  nameStatement(compiled.sql);
  return (values) =>
    CompiledQuery.raw(
      compiled.sql,
      sources.map((s) => (s.slot ? (values as Record<string, unknown>)[s.key] : s.value)),
    ) as CompiledQuery<R>;
};

/**
 * A fixed SQL text (with `$1`… parameters) run as a named prepared statement: for the kit's own hot statements, written
 * once as text, so neither kysely's builder nor PostgreSQL's parser and planner run per call. Returns the query for
 * `executor.executeQuery(q(params))`.
 */
export const preparedSql = <R>(text: string): ((params: readonly unknown[]) => CompiledQuery<R>) => {
  nameStatement(text);
  return (params) => CompiledQuery.raw(text, [...params]) as CompiledQuery<R>;
};

/** The same for a text run straight on the pg pool (`pool.query(text, values)`): registers it and returns it. */
export const preparedText = (text: string): string => {
  nameStatement(text);
  return text;
};

/**
 * One pool per service, pinned to the service's own schema through search_path. Size: a service's queries are short,
 * and PostgreSQL shares the machine's cores with it, so a few connections keep it busy; more only queue inside
 * PostgreSQL instead of in the pool.
 */
export const createDb = <T>({
  url,
  schema,
  max = 10,
  alsoSearch = [],
}: {
  url: string;
  schema: string;
  max?: number;
  /** Schemas whose tables are found after the own schema's (a rebuild's shadow schema reads the live one's directory). */
  alsoSearch?: string[];
}): DbHandle<T> => {
  for (const s of [schema, ...alsoSearch]) if (!SCHEMA_NAME.test(s)) throw new Error(`Invalid schema name: ${s}`);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c search_path=${[schema, ...alsoSearch, 'public'].join(',')}`,
    application_name: schema,
    Client: PreparingClient,
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, schema, close: () => db.destroy() };
};

/** Whether an error says that a schema other than `own` (or a table in one) has gone: a catalog read raced a drop. */
export const isOtherSchemaGone = (error: unknown, own: string): boolean => {
  const gone = /(?:schema "([^"]+)"|relation "([^".]+)\.[^"]+") does not exist/.exec(String(error));
  const schema = gone?.[1] ?? gone?.[2];
  return schema !== undefined && schema !== own;
};

/**
 * Whether a catalog read before any migration ran failed on a column of a table being dropped meanwhile: PostgreSQL
 * names neither the schema nor anything of ours ('column "reason" of relation "automation_runs" does not exist', seen
 * when another test file dropped its schema during the introspection). Nothing was migrated, so reading again is safe.
 */
export const isDroppedColumnRace = (error: unknown): boolean => /column "[^"]+" of relation "[^"]+" does not exist/.test(String(error));

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
    // A kit table added after a service's own migrations ran (0000_kit_directory) is still applied on that schema.
    allowUnorderedMigrations: true,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Before migrating, kysely's Migrator reads the catalog of every schema (introspection, to find its own tables); a
    // schema another process drops at that moment (a test file's teardown, a rebuild's shadow) fails that read with
    // 'schema "x" does not exist' or 'relation "x.t" does not exist' for a schema that is not ours. Nothing was
    // migrated: read again.
    if (!failed && attempt < 5 && (isOtherSchemaGone(error, schema) || isDroppedColumnRace(error))) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed in schema ${schema}: ${String(error)}`);
  }
};
