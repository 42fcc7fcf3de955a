import { startConsumerGroups, type EventBus, type Logger } from '@akhada/kit';
import { sql, type Kysely } from 'kysely';
import { consumerGroups, SOURCES, type Source } from '../consumers/start-consumers.ts';
import { READ_MODEL_TABLES, type DashboardDb } from '../db/schema.ts';
import { consumerGroupOf, topicOf } from '@akhada/contracts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Rebuilds the read model from the other services' topics: empties the read tables and the dashboard consumers'
 * inbox rows in one transaction, then replays every source topic from its beginning under fresh consumer groups (no
 * pushes to the hubs) until each group has passed the end the topics had when the rebuild began. The inbox names
 * are the live consumers' own, so an event that arrives meanwhile is applied once, by whichever reads it first; the
 * read model's rows are facts keyed by their ids and entities guarded by time, so the order does not matter.
 * Cached overviews are dropped by a version bump at the end.
 */
export const rebuildReadModel = async ({
  db,
  bus,
  logger,
  groupPrefix = `dashboard.rebuild.${Date.now()}`,
  timeoutMs = 30 * 60_000,
}: {
  db: Kysely<DashboardDb>;
  bus: EventBus;
  logger: Logger;
  groupPrefix?: string;
  timeoutMs?: number;
}): Promise<{ events: number; rows: Record<string, number> }> => {
  await db.transaction().execute(async (trx) => {
    await sql`truncate ${sql.join(READ_MODEL_TABLES.map((t) => sql.table(t)))}`.execute(trx);
    await trx
      .deleteFrom('inbox')
      .where(
        'consumer',
        'in',
        SOURCES.map((s) => `dashboard.${s}`),
      )
      .execute();
  });
  const admin = bus.offsetsAdmin();
  await admin.connect();
  const groupOf = (s: Source) => `${groupPrefix}.${s}`;
  try {
    const ends = new Map<Source, { partition: number; high: string }[]>();
    for (const s of SOURCES) ends.set(s, await admin.fetchTopicOffsets(topicOf(s)));
    const consumers = await startConsumerGroups({ bus, db, logger, startAt: 'beginning' }, consumerGroups({ announce: false }, groupOf));
    try {
      const started = Date.now();
      for (;;) {
        let done = true;
        for (const s of SOURCES) {
          const [committed] = await admin.fetchOffsets({ groupId: consumerGroupOf(groupOf(s)), topics: [topicOf(s)] });
          const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
          for (const p of ends.get(s) ?? []) if (Number(p.high) > 0 && (at.get(p.partition) ?? -1) < Number(p.high)) done = false;
        }
        if (done) break;
        if (Date.now() - started > timeoutMs) throw new Error(`the rebuild did not reach the end of the topics within ${timeoutMs / 1000} s`);
        await sleep(250);
      }
    } finally {
      for (const c of consumers) await c.stop();
    }
  } finally {
    await admin.disconnect();
    await bus.deleteGroups((g) => SOURCES.some((s) => g === consumerGroupOf(groupOf(s))));
  }
  await sql`update org_versions set version = version + 1`.execute(db);
  const rows: Record<string, number> = {};
  for (const t of READ_MODEL_TABLES) rows[t] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(t)}`.execute(db)).rows[0]?.n ?? 0);
  const events = Number(
    (
      await db
        .selectFrom('inbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(
          'consumer',
          'in',
          SOURCES.map((s) => `dashboard.${s}`),
        )
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { events, rows };
};
