import type { PlanId } from '@akhada/contracts';

/**
 * Per-key limits at the edge (issue 29): an API key may make `perMinute` requests per calendar minute (UTC), the
 * figure of its organization's plan (auth's key check answers the plan), whoever sends them from wherever; every answer
 * to a key carries the standard `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), and one past
 * the limit is 429 with `Retry-After`. The minute's window is this gateway process's own, in memory: with several
 * gateways each enforces the figure for what it sees (so a key behind N gateways may make up to N × the figure).
 * Each key's requests per UTC day are counted here too and handed over (`drain`) to be added to auth's table
 * (api-key-usage-store.ts): no database call per request, and the day's counts outlive a restart.
 */

/** Requests per minute per key by plan (the keys' plans: Pro and Enterprise, and the free plan during its trial). */
export const DEFAULT_API_KEY_LIMITS: Readonly<Record<PlanId, number>> = { free: 60, mini: 60, starter: 60, pro: 300, enterprise: 1200 };

/** `pro=300,enterprise=1200` → the table (unknown plans and bad figures refused, so a typo does not start). */
export const parseApiKeyLimits = (raw: string | undefined): Record<PlanId, number> => {
  const table: Record<PlanId, number> = { ...DEFAULT_API_KEY_LIMITS };
  for (const part of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)=(\d{1,6})$/.exec(part);
    if (!m || !(m[1]! in table) || Number(m[2]) < 1)
      throw new Error(`API_KEY_RATE_LIMITS: "${part}" is not <plan>=<requests per minute> (plans: ${Object.keys(table).join(', ')})`);
    table[m[1] as PlanId] = Number(m[2]);
  }
  return table;
};

export interface KeyDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the minute ends. */
  resetSeconds: number;
}

export interface KeyUsageDay {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  /** Requests let through. */
  requests: number;
  /** Requests refused with 429. */
  limited: number;
}

/** Counts to add to a key's UTC day. */
export interface KeyUsageCount extends KeyUsageDay {
  keyId: string;
}

export interface KeyLimiter {
  /** Counts one request of the key (of organization `orgId`) and says whether it may go on. */
  take(keyId: string, limit: number, orgId: string): KeyDecision;
  /** The organization a key belongs to, as its requests said (undefined: not seen since this gateway started). */
  orgOf(keyId: string): string | undefined;
  /** The counts not yet handed over, per key and day, handed over now (the limiter forgets them). */
  drain(): KeyUsageCount[];
  /** Takes back counts that could not be stored (auth unreachable): they are added to the next hand-over. */
  restore(counts: readonly KeyUsageCount[]): void;
  /** The key's counts not yet handed over, per UTC day (the usage route adds them to what is stored). */
  pendingOf(keyId: string): KeyUsageDay[];
}

const DAY_MS = 86_400_000;
/** Counts older than this are not kept waiting for auth (the usage route shows 30 days). */
const KEEP_DAYS = 31;

export const createKeyLimiter = ({ now = Date.now }: { now?: () => number } = {}): KeyLimiter => {
  const windows = new Map<string, { minute: number; count: number }>();
  /** keyId → date → counts not yet handed over. */
  let pending = new Map<string, Map<string, KeyUsageDay>>();
  const orgs = new Map<string, string>();
  let sweptMinute = 0;

  const add = (keyId: string, date: string, requests: number, limited: number) => {
    let perKey = pending.get(keyId);
    if (!perKey) pending.set(keyId, (perKey = new Map()));
    const day = perKey.get(date);
    if (day) {
      day.requests += requests;
      day.limited += limited;
    } else perKey.set(date, { date, requests, limited });
  };

  return {
    orgOf: (keyId) => orgs.get(keyId),
    take(keyId, limit, orgId) {
      const t = now();
      orgs.set(keyId, orgId);
      const minute = Math.floor(t / 60_000);
      // Once a minute, forget the windows of keys that went quiet.
      if (minute !== sweptMinute) {
        sweptMinute = minute;
        for (const [k, w] of windows) if (w.minute < minute) windows.delete(k);
      }
      let w = windows.get(keyId);
      if (!w || w.minute !== minute) windows.set(keyId, (w = { minute, count: 0 }));
      const allowed = w.count < limit;
      if (allowed) w.count++;
      add(keyId, new Date(t).toISOString().slice(0, 10), allowed ? 1 : 0, allowed ? 0 : 1);
      return { allowed, limit, remaining: Math.max(0, limit - w.count), resetSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - t) / 1000)) };
    },
    drain() {
      const out: KeyUsageCount[] = [];
      for (const [keyId, perKey] of pending) for (const d of perKey.values()) out.push({ keyId, ...d });
      pending = new Map();
      return out;
    },
    restore(counts) {
      const oldest = new Date(now() - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
      for (const c of counts) if (c.date >= oldest) add(c.keyId, c.date, c.requests, c.limited);
    },
    pendingOf: (keyId) => [...(pending.get(keyId)?.values() ?? [])].map((d) => ({ ...d })),
  };
};
