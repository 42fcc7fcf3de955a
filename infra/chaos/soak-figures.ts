// What the soak reads of a process's /metrics, and how it judges a series of samples.

/** One process's figures at one sample. */
export interface ProcessSample {
  rssBytes: number;
  /** V8's heap in use at the scrape (garbage not yet collected included): with RSS, tells a leak from a heap still growing to its size. */
  heapUsedBytes: number;
  /** Event-loop delay p99 (s) since the previous scrape: prom-client resets its histogram on every scrape. */
  eldP99: number;
  /** Messages not yet committed, summed over the process's consumer groups (undefined: the broker did not answer). */
  lag?: number;
  /** Outbox rows not yet sent to Kafka. */
  outbox?: number;
}

/** Sums each metric of a Prometheus text exposition by name (labels dropped). */
export const sumMetrics = (text: string): Map<string, number> => {
  const sums = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Za-z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const v = Number(m[2]);
    if (Number.isFinite(v)) sums.set(m[1]!, (sums.get(m[1]!) ?? 0) + v);
  }
  return sums;
};

export const sampleOf = (text: string): ProcessSample => {
  const s = sumMetrics(text);
  return {
    rssBytes: s.get('process_resident_memory_bytes') ?? 0,
    heapUsedBytes: s.get('nodejs_heap_size_used_bytes') ?? 0,
    eldP99: s.get('nodejs_eventloop_lag_p99_seconds') ?? 0,
    ...(s.has('kafka_consumer_lag') ? { lag: s.get('kafka_consumer_lag')! } : {}),
    ...(s.has('outbox_unsent') ? { outbox: s.get('outbox_unsent')! } : {}),
  };
};

/** Bounded: the second half's peak is no higher than 1.5 × the first half's peak, + 20 (a queue that only grows fails). */
export const stayedBounded = (series: number[]): boolean => {
  if (series.length < 2) return true;
  const half = Math.floor(series.length / 2);
  const first = Math.max(...series.slice(0, half));
  const second = Math.max(...series.slice(half));
  return second <= first * 1.5 + 20;
};

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * RSS growth after the warm-up: the median of `n` samples from `from` against the median of the last `n` (a short run
 * uses what it has: from its last sample back when it has fewer than `from`).
 */
export const rssGrowth = (series: number[], from: number, n: number): { from: number; to: number; growth: number } | undefined => {
  if (series.length === 0) return undefined;
  const start = Math.min(from, series.length - 1);
  const a = median(series.slice(start, start + n));
  const b = median(series.slice(Math.max(start, series.length - n)));
  return a > 0 ? { from: a, to: b, growth: (b - a) / a } : undefined;
};
