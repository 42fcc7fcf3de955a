import type { EventEnvelope } from '@akhada/contracts';
import { CompiledQuery, type Transaction } from 'kysely';
import { preparedSql, preparedText } from '../db/database.ts';
import type pg from 'pg';
import type { KitTables } from '../db/kit-migrations.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from './kafka.ts';

const channelOf = (schema: string) => `outbox_${schema}`;

const enqueueText = (n: number) =>
  `with queued as (insert into outbox (event_id, topic, key, payload) values ${Array.from(
    { length: n },
    (_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4})`,
  ).join(', ')} returning 1)
   select pg_notify('outbox_' || current_schema(), '') from (select 1 from queued limit 1) as any_row`;

/**
 * The outbox rows of n events and the relay's wake-up: a prepared statement per n up to PREPARED_ROWS (a command
 * enqueues one or two); a longer batch (a consumer's) runs unnamed, rather than preparing every length on every connection.
 */
const PREPARED_ROWS = 16;
const enqueueStatements = new Map<number, (params: readonly unknown[]) => CompiledQuery<unknown>>();
const enqueueStatement = (n: number): ((params: readonly unknown[]) => CompiledQuery<unknown>) => {
  if (n > PREPARED_ROWS) return (params) => CompiledQuery.raw(enqueueText(n), [...params]);
  let statement = enqueueStatements.get(n);
  if (!statement) {
    statement = preparedSql(enqueueText(n));
    enqueueStatements.set(n, statement);
  }
  return statement;
};

/** Writes an integration event into the outbox inside the command's transaction; NOTIFY fires at commit. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's transaction: the outbox table is the kit's, in every schema
export const enqueue = (trx: Transaction<any>, topic: string, envelope: EventEnvelope): Promise<void> => enqueueMany(trx, topic, [envelope]);

/**
 * enqueue for several events in ONE round trip: the rows and the relay's wake-up (Postgres sends one NOTIFY per channel
 * and payload at commit). Their outbox ids (and so their order per key) follow the array.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as enqueue
export const enqueueMany = async (trx: Transaction<any>, topic: string, envelopes: readonly EventEnvelope[]): Promise<void> => {
  if (envelopes.length === 0) return;
  await (trx as Transaction<KitTables>).executeQuery(
    enqueueStatement(envelopes.length)(envelopes.flatMap((e) => [e.eventId, topic, e.aggregateId, JSON.stringify(e)])),
  );
};

// The relay's two statements, run on every drain: prepared once per connection.
const SELECT_UNSENT = preparedText('select id, topic, key, payload from outbox where sent_at is null order by id limit $1');
const MARK_SENT = preparedText('update outbox set sent_at = now() where id = any($1::bigint[])');

/**
 * Publishes the outbox to Kafka. One leader per service (Postgres advisory lock), woken by LISTEN/NOTIFY, with a slow
 * poll as a safety net. Rows are picked by their unsent status (never by "id greater than the last one": concurrent
 * transactions commit out of order), sent in id order, and marked sent only after the broker acknowledged.
 */
export class OutboxRelay {
  private stopped = false;
  private leaderClient: pg.PoolClient | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  isLeader = false;

  constructor(private readonly deps: { pool: pg.Pool; schema: string; bus: Pick<EventBus, 'publish'>; logger: Logger; pollMs?: number; batchSize?: number }) {}

  async start(): Promise<void> {
    this.stopped = false;
    void this.campaign();
  }

  private async campaign(): Promise<void> {
    while (!this.stopped && !this.isLeader) {
      try {
        const client = await this.deps.pool.connect();
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [`akhada.outbox.${this.deps.schema}`]);
        if (rows[0]?.ok) {
          this.leaderClient = client;
          this.isLeader = true;
          client.on('notification', () => this.wake());
          client.on('error', (err) => {
            this.deps.logger.warn({ err }, 'outbox relay lost its leader connection');
            this.resign();
          });
          await client.query(`listen ${channelOf(this.deps.schema)}`);
          this.deps.logger.info('outbox relay is the leader');
          this.schedulePoll();
          this.wake();
          return;
        }
        client.release();
      } catch (err) {
        this.deps.logger.warn({ err }, 'outbox relay could not campaign for leadership');
      }
      await new Promise((r) => setTimeout(r, 3000));
    }
  }

  private resign(): void {
    this.isLeader = false;
    if (this.timer) clearTimeout(this.timer);
    const c = this.leaderClient;
    this.leaderClient = undefined;
    try {
      c?.release(true);
    } catch {
      /* already gone */
    }
    if (!this.stopped) setTimeout(() => void this.campaign(), 1000);
  }

  private schedulePoll(): void {
    if (this.timer) clearTimeout(this.timer);
    const backoff = Math.min(30_000, (this.deps.pollMs ?? 1000) * 2 ** Math.min(this.failures, 5));
    this.timer = setTimeout(() => {
      this.wake();
      this.schedulePoll();
    }, backoff);
  }

  /** Drains now; if a drain is running, asks it to go round once more. */
  wake(): void {
    if (!this.isLeader || this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    // A drain that fails before publishing (the database went away: its first query) counts as a failure and waits
    // for the next poll; unhandled, it ended the process (`npm run chaos`, seed 20261129-c34-20: PostgreSQL restarted).
    this.draining = this.drain()
      .catch((err: unknown) => {
        this.failures++;
        this.deps.logger.warn({ err, failures: this.failures }, 'outbox drain failed; will retry');
      })
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    const { pool, bus, logger, batchSize = 200 } = this.deps;
    for (;;) {
      if (this.stopped) return;
      const { rows } = await pool.query<{ id: number; topic: string; key: string; payload: { eventId: string; type: string; correlationId: string } }>(
        SELECT_UNSENT,
        [batchSize],
      );
      if (rows.length === 0) return;
      try {
        await bus.publish(
          rows.map((r) => ({
            topic: r.topic,
            key: r.key,
            value: JSON.stringify(r.payload),
            headers: { 'event-id': r.payload.eventId, 'event-type': r.payload.type, 'correlation-id': r.payload.correlationId },
          })),
        );
        await pool.query(MARK_SENT, [rows.map((r) => r.id)]);
        this.failures = 0;
      } catch (err) {
        this.failures++;
        logger.warn({ err, rows: rows.length, failures: this.failures }, 'outbox publish failed; will retry');
        await pool
          .query('update outbox set attempts = attempts + 1, last_error = $2 where id = any($1::bigint[])', [rows.map((r) => r.id), String(err)])
          .catch(() => undefined);
        return;
      }
      if (rows.length < batchSize) return;
    }
  }

  /** Waits for an in-flight drain, releases leadership. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.draining?.catch(() => undefined);
    if (this.leaderClient) {
      await this.leaderClient.query('select pg_advisory_unlock_all()').catch(() => undefined);
      this.leaderClient.release();
      this.leaderClient = undefined;
    }
    this.isLeader = false;
  }
}
