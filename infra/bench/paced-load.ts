// A fixed-rate (open-loop) load for the benches' "at N req/s" figures: request k is due at start + k/rate, evenly
// spaced, whatever the answers before it did, and its latency runs from when it was due to when its answer ended — so
// time spent queued behind a slow answer counts (no coordinated omission).
//
// Why not autocannon's `overallRate`: it gives each connection rate/connections requests per second and sends them
// back to back at the top of every second, every connection on the same tick. "50 req/s" over 16 connections is a
// burst of 16 concurrent requests once a second, and the figures measured how fast a burst drains, not a steady rate.
import { Pool } from 'undici';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface PacedResult {
  /** Latencies in ms (due → answer read), in completion order. */
  latencies: number[];
  ok: number;
  /** Answers outside 2xx and failed requests (connection errors, timeouts). */
  errors: number;
  /** Requests sent more than one interval after they were due (this process's own loop fell behind: the rate was not kept). */
  late: number;
  /** The rate achieved: answers per second of the run. */
  rate: number;
}

export interface PacedOptions {
  origin: string;
  rate: number;
  seconds: number;
  /** The k-th request (k from 0); called when it is due. */
  request: (k: number) => PacedRequest;
  headers?: Record<string, string>;
  /** At most this many requests in flight (a pool of keep-alive connections); more wait in the pool's queue. */
  connections?: number;
  /** Called when request k is due, before it is sent. */
  onSend?: (k: number) => void;
}

const sleepUntil = (t: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, t - performance.now())));

export async function pacedLoad(o: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(o.origin, { connections: o.connections ?? 32, pipelining: 1, keepAliveTimeout: 30_000 });
  const interval = 1000 / o.rate;
  const total = Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let late = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now() + 20;
  try {
    for (let k = 0; k < total; k++) {
      const due = start + k * interval;
      const now = performance.now();
      if (now < due - 1) await sleepUntil(due);
      else if (now > due + interval) late++;
      o.onSend?.(k);
      const r = o.request(k);
      const p = pool
        .request({
          method: r.method,
          path: r.path,
          headers: { ...o.headers, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(r.body === undefined ? {} : { body: r.body }),
        })
        .then(async (res) => {
          await res.body.dump();
          latencies.push(performance.now() - due);
          if (res.statusCode >= 200 && res.statusCode < 300) ok++;
          else errors++;
        })
        .catch(() => {
          errors++;
        });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - start) / 1000;
  return { latencies, ok, errors, late, rate: latencies.length / seconds };
}
