import { StoredApiKeyUsage, type ApiKeyUsageCounts } from '@akhada/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyLimiter, KeyUsageDay } from './api-key-limits.ts';

/**
 * Where API keys' usage per day is kept (issue 29): auth's table, written through auth's internal ops port (never the
 * public edge). The gateway counts each key's requests in memory (the limiter) and adds them to auth in batches —
 * every `intervalMs` and when it stops — so a request costs no database call, the counts outlive a restart, and
 * several gateways add up. Counts auth could not take go back to the limiter for the next batch.
 */
export interface KeyUsageStore {
  /** Hands what the limiter counted to auth now (one batch at a time). Never throws. */
  flush(): Promise<void>;
  /** The key's stored days and its organization's plan; undefined when it is not `orgId`'s key; 'unavailable' when auth does not answer. */
  read(keyId: string, orgId: string): Promise<StoredApiKeyUsage | undefined | 'unavailable'>;
  /** Starts the batches every `intervalMs`. */
  start(): void;
  /** Stops them and hands over what is left. */
  stop(): Promise<void>;
}

/** Counts per request body (auth's ApiKeyUsageCounts takes at most 10,000). */
const BATCH = 5_000;

/** auth's ops port by the kit's rule (its port + 1000) when not configured: `http://auth:4101` → `http://auth:5101`. */
export const defaultAuthOpsUrl = (authUpstream: string): string => {
  const u = new URL(authUpstream);
  u.port = String(Number(u.port || (u.protocol === 'https:' ? 443 : 80)) + 1000);
  return u.origin;
};

export const createKeyUsageStore = ({
  url,
  limiter,
  logger,
  intervalMs = 5_000,
  fetch: fetchFn = fetch,
}: {
  /** auth's ops origin, e.g. http://127.0.0.1:5101. */
  url: string;
  limiter: KeyLimiter;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs?: number;
  fetch?: typeof fetch;
}): KeyUsageStore => {
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let failing = false;

  const once = async () => {
    const counts = limiter.drain();
    for (let i = 0; i < counts.length; i += BATCH) {
      const part = counts.slice(i, i + BATCH);
      const body: ApiKeyUsageCounts = { counts: part };
      let ok: boolean;
      try {
        const res = await fetchFn(`${url}/api-keys/usage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        ok = res.ok;
      } catch {
        ok = false;
      }
      if (!ok) {
        limiter.restore(counts.slice(i));
        // Once per failing stretch: auth down for a minute must not flood the log.
        if (!failing) logger.warn({ url }, 'API key usage could not be stored in auth; kept for the next batch');
        failing = true;
        return;
      }
    }
    failing = false;
  };

  const flush = () => (chain = chain.then(once));

  return {
    flush,
    async read(keyId, orgId) {
      let res: Response;
      try {
        res = await fetchFn(`${url}/api-keys/${encodeURIComponent(keyId)}/usage?org=${encodeURIComponent(orgId)}`, { signal: AbortSignal.timeout(10_000) });
      } catch {
        return 'unavailable';
      }
      if (res.status === 404) return undefined;
      if (!res.ok) return 'unavailable';
      const parsed = StoredApiKeyUsage.safeParse(((await res.json().catch(() => null)) as { data?: unknown } | null)?.data);
      return parsed.success ? parsed.data : 'unavailable';
    },
    start() {
      timer ??= setInterval(() => void flush(), intervalMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
};

/** Stored days and this gateway's counts not yet stored, added per day; the last `days` UTC days, newest first. */
export const mergeUsage = (stored: readonly KeyUsageDay[], pending: readonly KeyUsageDay[], now: number, days = 30): KeyUsageDay[] => {
  const oldest = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const byDate = new Map<string, KeyUsageDay>();
  for (const d of [...stored, ...pending]) {
    const had = byDate.get(d.date);
    byDate.set(d.date, had ? { date: d.date, requests: had.requests + d.requests, limited: had.limited + d.limited } : { ...d });
  }
  return [...byDate.values()].filter((d) => d.date >= oldest).sort((a, b) => (a.date < b.date ? 1 : -1));
};
