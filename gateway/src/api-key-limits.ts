import type { PlanId } from '@akhada/contracts';

/**
 * Per-key limits at the edge (issue 29): an API key may make `perMinute` requests per calendar minute (UTC), whoever
 * sends them from wherever; every answer to a key carries the standard `RateLimit-Limit`, `RateLimit-Remaining` and
 * `RateLimit-Reset` (seconds), and one past the limit is 429 with `Retry-After`. Each key's requests are counted per
 * UTC day (`usageOf`). The counts are this gateway process's own, in memory: with several gateways each enforces the
 * figure for what it sees (so a key behind N gateways may make up to N × the figure), and a restart starts the day's
 * count again.
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

export interface KeyLimiter {
  /** Counts one request of the key (of organization `orgId`) and says whether it may go on. */
  take(keyId: string, limit: number, orgId: string): KeyDecision;
  /** The organization a key belongs to, as its requests said (undefined: not seen since this gateway started). */
  orgOf(keyId: string): string | undefined;
  /** The key's requests per UTC day, newest first, over the last `days` days (days without any left out). */
  usageOf(keyId: string, days?: number): KeyUsageDay[];
}

const DAY_MS = 86_400_000;
const KEEP_DAYS = 31;

export const createKeyLimiter = ({ now = Date.now }: { now?: () => number } = {}): KeyLimiter => {
  const windows = new Map<string, { minute: number; count: number }>();
  const days = new Map<string, Map<string, KeyUsageDay>>();
  const orgs = new Map<string, string>();
  let sweptMinute = 0;

  const count = (keyId: string, t: number, allowed: boolean) => {
    const date = new Date(t).toISOString().slice(0, 10);
    let perKey = days.get(keyId);
    if (!perKey) days.set(keyId, (perKey = new Map()));
    let day = perKey.get(date);
    if (!day) {
      perKey.set(date, (day = { date, requests: 0, limited: 0 }));
      const oldest = new Date(t - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
      for (const d of perKey.keys()) if (d < oldest) perKey.delete(d);
    }
    if (allowed) day.requests++;
    else day.limited++;
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
      count(keyId, t, allowed);
      return { allowed, limit, remaining: Math.max(0, limit - w.count), resetSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - t) / 1000)) };
    },
    usageOf(keyId, n = 30) {
      const oldest = new Date(now() - (n - 1) * DAY_MS).toISOString().slice(0, 10);
      return [...(days.get(keyId)?.values() ?? [])].filter((d) => d.date >= oldest).sort((a, b) => (a.date < b.date ? 1 : -1));
    },
  };
};
