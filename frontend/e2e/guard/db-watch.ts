// Watches the e2e stack's database for writes: row count and a digest of the content of every table in every service
// schema, so an insert, a delete and an update all show. Read-only; it never changes a row.
import pg from 'pg';

/**
 * Tables whose rows legitimately change while a guard sends only bad input or foreign ids. Each one says why. Anything
 * else that changes is a write the guard reports.
 */
export const EXCLUDED_TABLES: { match: RegExp; why: string }[] = [
  {
    // auth.login_failures today; a change-password throttle (issue 8, finding 13) or a rate-limit store kept in the
    // database would sit here too.
    match: /\.(\w+_failures|\w+_attempts|rate_limits?\w*)$/,
    why: 'throttle counters: a refused sign-in (a wrong password is a bad input too) must be counted, or the throttle would not work; they hold no user data',
  },
  {
    match: /^auth\.api_key_usage$/,
    why: "an API key's requests per day, added to by the gateway every few seconds (a refused call is a request of the key too); counts only, no user data",
  },
];

/** Columns whose changes are bookkeeping, not a write by a request; each says why. */
export const IGNORED_COLUMNS: { match: RegExp; columns: string[]; why: string }[] = [
  { match: /\.outbox$/, columns: ['sent_at', 'attempts', 'last_error'], why: 'the relay marks rows published after the write that made them' },
  {
    match: /\.webhook_deliveries$/,
    columns: ['status', 'attempts', 'next_attempt_at', 'last_attempt_at', 'response_code', 'error'],
    why: 'the webhook deliverer tries a delivery again with back-off, long after the write that queued it',
  },
  { match: /\.webhook_endpoints$/, columns: ['status'], why: 'an endpoint turns failing (or active again) by the deliverer, not by a request' },
  {
    match: /^auth\.api_keys$/,
    columns: ['last_used_at'],
    why: 'a service checking an API key (even one it then refuses for lacking a scope) marks when the key was last used',
  },
  {
    match: /^notifications\.deliveries$/,
    columns: ['status', 'attempts', 'next_attempt_at', 'last_error', 'provider_id', 'sent_at'],
    why: 'the email/WhatsApp/SMS sender sends a queued delivery, and tries a failed one again with back-off, long after the write that queued it',
  },
];

/** The database the e2e stack uses (global-setup provisions `akhada_e2e` on the server of DATABASE_URL). */
export const e2eDatabaseUrl = (database = 'akhada_e2e'): string => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
};

export interface TableState {
  rows: number;
  digest: string;
}
export type Snapshot = Map<string, TableState>;

export interface TableChange {
  table: string;
  before: TableState | undefined;
  after: TableState | undefined;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

export class DbWatch {
  private readonly pool: pg.Pool;

  constructor(url = e2eDatabaseUrl()) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
  }

  private async tables(): Promise<string[]> {
    const r = await this.pool.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
        order by 1, 2`,
    );
    return r.rows.map((x) => `${x.s}.${x.t}`);
  }

  static isExcluded(table: string): boolean {
    return EXCLUDED_TABLES.some((e) => e.match.test(table));
  }

  /**
   * Every table's row count and content digest (order-independent), in one statement so it is one moment; only the
   * tables of `schemas` when given (a whole snapshot reads every row of every service: seconds on a busy machine).
   */
  async snapshot(schemas?: readonly string[]): Promise<Snapshot> {
    const tables = (await this.tables()).filter((t) => !schemas || schemas.includes(t.split('.')[0]!));
    if (tables.length === 0) throw new Error('the e2e database has no tables: is the stack running on it?');
    const sql = tables
      .map((name) => {
        const [s, t] = name.split('.') as [string, string];
        const ignored = IGNORED_COLUMNS.filter((c) => c.match.test(name)).flatMap((c) => c.columns);
        const row = `md5((to_jsonb(x)${ignored.map((c) => ` - ${pg.escapeLiteral(c)}`).join('')})::text)`;
        return `select ${pg.escapeLiteral(name)} as name, count(*)::int as rows, coalesce(md5(string_agg(${row}, '' order by ${row})), '') as digest from ${quoteIdent(s)}.${quoteIdent(t)} x`;
      })
      .join(' union all ');
    const r = await this.pool.query<{ name: string; rows: number; digest: string }>(sql);
    return new Map(r.rows.map((x) => [x.name, { rows: x.rows, digest: x.digest }]));
  }

  /** Outbox rows the relays have not published yet, over every schema. */
  async unsentOutbox(): Promise<number> {
    const schemas = (await this.tables()).filter((t) => t.endsWith('.outbox')).map((t) => t.split('.')[0]!);
    if (schemas.length === 0) return 0;
    const r = await this.pool.query<{ n: number }>(
      `select sum(n)::int as n from (${schemas.map((s) => `select count(*) as n from ${quoteIdent(s)}.outbox where sent_at is null`).join(' union all ')}) x`,
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * A snapshot once the stack is at rest: every outbox published and nothing changing over three polls in a row, so
   * the consumers' effects of earlier writes (other tests, the guard's own set-up) are in. Polls; never a fixed wait.
   */
  async settled({ timeoutMs = 30_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {}): Promise<Snapshot> {
    const t0 = Date.now();
    let prev = await this.snapshot();
    let stable = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, intervalMs));
      const cur = await this.snapshot();
      const unsent = await this.unsentOutbox();
      stable = unsent === 0 && DbWatch.diff(prev, cur, { all: true }).length === 0 ? stable + 1 : 0;
      if (stable >= 2) return cur;
      if (Date.now() - t0 > timeoutMs) {
        const moving = DbWatch.diff(prev, cur, { all: true }).map((c) => c.table);
        throw new Error(
          `the e2e database did not come to rest within ${timeoutMs} ms (unsent outbox rows: ${unsent}; still changing: ${moving.join(', ') || 'none'})`,
        );
      }
      prev = cur;
    }
  }

  /** Tables that differ, leaving out the excluded ones unless `all`. */
  static diff(before: Snapshot, after: Snapshot, { all = false }: { all?: boolean } = {}): TableChange[] {
    const names = [...new Set([...before.keys(), ...after.keys()])].sort();
    return names
      .filter((table) => all || !DbWatch.isExcluded(table))
      .map((table) => ({ table, before: before.get(table), after: after.get(table) }))
      .filter((c) => c.before?.rows !== c.after?.rows || c.before?.digest !== c.after?.digest);
  }

  static describe(changes: TableChange[]): string {
    return changes
      .map((c) => {
        const b = c.before?.rows ?? 0;
        const a = c.after?.rows ?? 0;
        return `${c.table}: ${b} → ${a} rows${a === b ? ' (rows changed in place)' : ''}`;
      })
      .join('; ');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
