import type { Role } from '@akhada/contracts';
import type { Kysely } from 'kysely';
import type { RevocationList } from '../auth/revocations.ts';
import type { TokenVerifier } from '../auth/verifier.ts';
import type { Migration } from 'kysely/migration';
import type { KitTables } from '../db/kit-migrations.ts';
import type { Directory } from '../directory/directory.ts';
import type { Logger } from '../logger.ts';
import type { Runtime } from '../runtime.ts';
import type { HttpDeps } from '../service-deps.ts';
import { testInfra, uniqueSchema, dropSchema } from './infra.ts';
import { seedDirectory, type DirectorySeed } from './seed-directory.ts';
import { createTestKeys } from './tokens.ts';

type TestKeys = Awaited<ReturnType<typeof createTestKeys>>;

/** The HTTP dependencies the harness gives every app: logger, verifier, readiness and the (uncached) directory. */
export type TestHttpDeps = HttpDeps & { directory: Directory };

/** What a test file's service is built from, handed to `deps` (which may register more to close with `onClose`). */
export interface TestServiceContext<DB> {
  db: Kysely<DB>;
  schema: string;
  databaseUrl: string;
  brokers: string[];
  keys: TestKeys;
  logger: Logger;
  /** The kit's directory over this schema, uncached (a test sees a row it just wrote). */
  directory: Directory;
  /** The settable clock: `time.now` (ms) is what `clock()` answers. */
  time: { now: number };
  clock: () => Date;
  /** The full runtime (event bus, outbox relay, directory consumer), unless booted with `kafka: false`. */
  runtime: Runtime<DB> | undefined;
  onClose(close: () => Promise<unknown>): void;
}

export interface TestServiceOptions<DB, D extends object, A extends TestApp, K extends boolean> {
  /** The service's name: bootRuntime's name and the schema's prefix. */
  name: string;
  /** Schema prefix when a service has several files that should be told apart in the database (default: name). */
  prefix?: string;
  migrations: Record<string, Migration>;
  /**
   * true (default): `bootRuntime` with the event bus, the outbox relay and the directory consumer (needs Kafka).
   * false: only the schema migrated, a logger, a verifier of the test keys and a database readiness check.
   */
  kafka?: K;
  /** Where the clock starts (default: now). */
  now?: Date | string | number;
  /** The service's own dependencies, beside the HTTP ones (logger, verifier, readiness, directory) the harness gives. */
  deps?: (ctx: TestServiceContext<DB>) => D | Promise<D>;
  buildApp: (deps: TestHttpDeps & D) => A;
  /** What must be added to the built app before it is ready (notifications' hub hooks the app's close). */
  prepare?: (app: A, deps: TestHttpDeps & D) => unknown;
  /**
   * The service's own token verifier, given the revocation list (auth verifies with its signing keys, which `deps`
   * loads once the schema is migrated). Default: a verifier of the test keys; with this option `sign` mints tokens the
   * service does not accept, and tokens come from the service itself.
   */
  verifier?: (revocations: RevocationList) => TokenVerifier;
  /** Test keys to share with another boot of the same file (a token signed once is accepted by both); default: new ones. */
  keys?: TestKeys;
  /** Organizations and locations written into the kit's directory tables before the test runs. */
  directory?: DirectorySeed;
  /**
   * With Kafka: on close, once the runtime has stopped, delete the consumer groups whose id contains the schema (the
   * test's own groups, named after it, and the runtime's revocation follower). Default false (they expire unused).
   */
  deleteGroups?: boolean;
}

/** The shape of a service's Fastify app the harness needs (the test gets the service's own type back). */
export interface TestApp {
  ready(): PromiseLike<unknown>;
  close(): PromiseLike<unknown>;
}

export interface TestService<DB, D extends object, A extends TestApp, K extends boolean = true> extends Omit<TestServiceContext<DB>, 'runtime'> {
  runtime: K extends false ? undefined : Runtime<DB>;
  app: A;
  deps: TestHttpDeps & D;
  /** A token the service's verifier accepts, named `Test <role>` unless a name is given. */
  sign(orgId: string, role: Role, locationIds: string[], userId?: string, name?: string): Promise<string>;
  /** More organizations and locations into the directory tables (see seedDirectory). */
  seed(directory: DirectorySeed): Promise<void>;
  /** Closes the app, what `deps` registered, the runtime (or the pool), deletes the schema's groups if asked, and drops the schema. */
  close(): Promise<void>;
}

/** A migrated schema of a test's own (see bootSchemaForTest). */
export interface TestSchema<DB> {
  db: Kysely<DB>;
  schema: string;
  databaseUrl: string;
  /** Closes the pool and drops the schema. */
  close(): Promise<void>;
}

/**
 * What every harness stands on: a fresh schema named after `prefix` with `migrations` run, over a pool of `max`
 * connections (default the kit's), and `close()`. The schema is dropped again when the migrations fail.
 */
export const bootSchemaForTest = async <DB>(o: { prefix: string; migrations: Record<string, Migration>; max?: number }): Promise<TestSchema<DB>> => {
  const infra = await testInfra();
  const schema = uniqueSchema(o.prefix);
  const { createDb, migrate } = await import('../db/database.ts');
  const dbh = createDb<DB>({ url: infra.databaseUrl, schema, ...(o.max === undefined ? {} : { max: o.max }) });
  const close = async () => {
    await dbh.close().catch(() => undefined);
    await dropSchema(infra.databaseUrl, schema);
  };
  try {
    await migrate(dbh, o.migrations);
  } catch (err) {
    await close();
    throw err;
  }
  return { db: dbh.db, schema, databaseUrl: infra.databaseUrl, close };
};

/** Deletes the consumer groups whose id contains `part`, with a bus of its own (the runtime's is closed by then). */
const deleteGroupsOf = async (brokers: string[], part: string) => {
  const { createEventBus } = await import('../events/kafka.ts');
  const { createLogger } = await import('../logger.ts');
  const bus = createEventBus({ clientId: `${part}-cleanup`, brokers, logger: createLogger('test-cleanup', 'silent') });
  try {
    await bus.deleteGroups((g) => g.includes(part));
  } finally {
    await bus.disconnect();
  }
};

/**
 * One service for an integration test file: a fresh schema with the service's migrations, the runtime (or only the
 * database with `kafka: false`), the app from `buildApp` ready for `inject()`, signed test tokens, a settable clock,
 * the directory seeded, and `close()`. I/O libraries load when it is called, not when `@akhada/kit/testing` is imported.
 */
export const bootServiceForTest = async <DB extends KitTables, D extends object = object, A extends TestApp = TestApp, K extends boolean = true>(
  o: TestServiceOptions<DB, D, A, K>,
): Promise<TestService<DB, D, A, K>> => {
  const infra = await testInfra();
  let schema: string;
  const keys = o.keys ?? (await createTestKeys());
  const { BaseConfig } = await import('../config.ts');
  const { createTokenVerifier } = await import('../auth/verifier.ts');
  const verifier = o.verifier ?? ((revocations: RevocationList) => createTokenVerifier({ keys: keys.keys, revocations }));
  const { createDirectory } = await import('../directory/directory.ts');
  const closers: (() => Promise<unknown>)[] = [];
  let runtime: Runtime<DB> | undefined;
  let http: HttpDeps;
  let db: Kysely<DB>;
  let closeStore: () => Promise<unknown>;
  if (o.kafka ?? true) {
    const { bootRuntime } = await import('../runtime.ts');
    const own = uniqueSchema(o.prefix ?? o.name);
    schema = own;
    const config = BaseConfig.parse({
      DATABASE_URL: infra.databaseUrl,
      KAFKA_BROKERS: infra.brokers.join(','),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      INSTANCE_ID: schema,
    });
    const booted = await bootRuntime<DB>({
      name: o.name,
      config,
      schema,
      migrations: o.migrations,
      verifier,
    });
    runtime = booted;
    db = booted.dbh.db;
    http = { logger: booted.logger, verifier: booted.verifier, readiness: booted.readiness };
    closeStore = async () => {
      for (const c of booted.closers) await c().catch(() => undefined);
      if (o.deleteGroups) await deleteGroupsOf(infra.brokers, own).catch(() => undefined);
      await dropSchema(infra.databaseUrl, own);
    };
  } else {
    const { createLogger } = await import('../logger.ts');
    const { RevocationList } = await import('../auth/revocations.ts');
    const { sql } = await import('kysely');
    const store = await bootSchemaForTest<DB>({ prefix: o.prefix ?? o.name, migrations: o.migrations });
    schema = store.schema;
    db = store.db;
    http = {
      logger: createLogger(`${o.name}-test`, 'warn'),
      verifier: verifier(new RevocationList()),
      readiness: { database: () => sql`select 1`.execute(store.db) },
    };
    closeStore = () => store.close();
  }
  const directory = createDirectory(db, { cacheMs: 0 });
  const time = { now: o.now === undefined ? Date.now() : new Date(o.now).getTime() };
  const ctx: TestServiceContext<DB> = {
    db,
    schema,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    keys,
    logger: http.logger,
    directory,
    time,
    clock: () => new Date(time.now),
    runtime,
    onClose: (c) => void closers.push(c),
  };
  let app: A | undefined;
  const close = async () => {
    await app?.close();
    for (const c of [...closers].reverse()) await c().catch(() => undefined);
    await closeStore();
  };
  try {
    if (o.directory) await seedDirectory(db, o.directory);
    const deps = { ...http, directory, ...((await o.deps?.(ctx)) ?? ({} as D)) };
    const built = o.buildApp(deps);
    app = built;
    await o.prepare?.(built, deps);
    await built.ready();
    return {
      ...ctx,
      runtime: runtime as TestService<DB, D, A, K>['runtime'],
      app: built,
      deps,
      sign: (orgId, role, locationIds, userId, name) => keys.sign({ orgId, role, locationIds, ...(userId ? { userId } : {}), name: name ?? `Test ${role}` }),
      seed: (d) => seedDirectory(db, d),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
};
