import { createDb, startConsumerGroups, type EventBus, type Logger, type OffsetsAdmin, type RunningConsumer } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import { consumerGroups, SOURCES, type Source } from './start-consumers.ts';
import { READ_MODEL_TABLES, type DashboardDb } from '../db/schema.ts';
import { consumerGroupOf, topicOf } from '@akhada/contracts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INBOX_NAMES = SOURCES.map((s) => `dashboard.${s}`);

/**
 * Rebuilds the read model from the other services' topics without showing partial numbers: the replay fills shadow
 * tables (a schema `<schema>_rebuild` with tables like the live ones and an inbox of its own; the directory is read
 * from the live schema) while the screens keep reading the live tables, and the shadow tables take their place in
 * one transaction at the end. That transaction first locks the live tables and inbox against writers (readers go on),
 * lets the replay catch up with the topics' ends as they are now — so it holds every event the live consumers
 * applied — stops it, hands its inbox rows to the live consumers (what it applied beyond them is not applied twice),
 * swaps the tables and drops cached overviews by a version bump. Replay groups are fresh (no pushes to the hubs).
 */
export const rebuildReadModel = async ({
  db,
  databaseUrl,
  schema,
  bus,
  logger,
  groupPrefix = `dashboard.rebuild.${Date.now()}`,
  timeoutMs = 30 * 60_000,
}: {
  db: Kysely<DashboardDb>;
  databaseUrl: string;
  /** The live schema (the service's). */
  schema: string;
  bus: EventBus;
  logger: Logger;
  groupPrefix?: string;
  timeoutMs?: number;
}): Promise<{ events: number; rows: Record<string, number> }> => {
  const shadow = `${schema}_rebuild`;
  const live = (t: string) => sql.table(`${schema}.${t}`);
  const shadowed = (t: string) => sql.table(`${shadow}.${t}`);
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  for (const t of [...READ_MODEL_TABLES, 'inbox', 'dead_letters']) await sql`create table ${shadowed(t)} (like ${live(t)} including all)`.execute(db);
  const shadowDb = createDb<DashboardDb>({ url: databaseUrl, schema: shadow, alsoSearch: [schema], max: 4 });
  const admin = bus.offsetsAdmin();
  await admin.connect();
  const groupOf = (s: Source) => `${groupPrefix}.${s}`;
  let consumers: RunningConsumer[] = [];
  const stopReplay = async () => {
    for (const c of consumers) await c.stop();
    consumers = [];
  };
  try {
    consumers = await startConsumerGroups({ bus, db: shadowDb.db, logger, startAt: 'beginning' }, consumerGroups({ announce: false }, groupOf));
    const started = Date.now();
    // Most of the replay, while the live tables take writes as usual.
    await replayedTo(admin, groupOf, await endsOf(admin), started, timeoutMs);
    await db.transaction().execute(async (trx) => {
      await sql`lock table ${sql.join([...READ_MODEL_TABLES, 'inbox'].map(live))} in exclusive mode`.execute(trx);
      await replayedTo(admin, groupOf, await endsOf(admin), started, timeoutMs);
      await stopReplay();
      await sql`insert into ${live('inbox')} select * from ${shadowed('inbox')} where consumer in (${sql.join(INBOX_NAMES)}) on conflict do nothing`.execute(
        trx,
      );
      for (const t of READ_MODEL_TABLES) {
        await sql`drop table ${live(t)}`.execute(trx);
        await sql`alter table ${shadowed(t)} set schema ${sql.id(schema)}`.execute(trx);
      }
      await sql`update ${live('org_versions')} set version = version + 1`.execute(trx);
    });
  } finally {
    await stopReplay();
    await admin.disconnect();
    await bus.deleteGroups((g) => SOURCES.some((s) => g === consumerGroupOf(groupOf(s))));
    await shadowDb.close();
    await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  }
  const rows: Record<string, number> = {};
  for (const t of READ_MODEL_TABLES) rows[t] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(t)}`.execute(db)).rows[0]?.n ?? 0);
  const events = Number(
    (
      await db
        .selectFrom('inbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('consumer', 'in', INBOX_NAMES)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { events, rows };
};

/** The source topics' end offsets now. */
const endsOf = async (admin: OffsetsAdmin): Promise<Map<Source, { partition: number; high: string }[]>> => {
  const ends = new Map<Source, { partition: number; high: string }[]>();
  for (const s of SOURCES) ends.set(s, await admin.fetchTopicOffsets(topicOf(s)));
  return ends;
};

/** Waits until every replay group has committed past `ends`. */
const replayedTo = async (
  admin: OffsetsAdmin,
  groupOf: (s: Source) => string,
  ends: Map<Source, { partition: number; high: string }[]>,
  started: number,
  timeoutMs: number,
): Promise<void> => {
  for (;;) {
    let done = true;
    for (const s of SOURCES) {
      const [committed] = await admin.fetchOffsets({ groupId: consumerGroupOf(groupOf(s)), topics: [topicOf(s)] });
      const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
      for (const p of ends.get(s) ?? []) if (Number(p.high) > 0 && (at.get(p.partition) ?? -1) < Number(p.high)) done = false;
    }
    if (done) return;
    if (Date.now() - started > timeoutMs) throw new Error(`the rebuild did not reach the end of the topics within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
};
