// `npm run soak` (prints figures; not a test): the product under steady mixed load for half an hour, watched for what
// only time shows — memory that only grows, an event loop that slows, consumers or outbox relays that fall behind.
//
// Its own stack on the bench ports (gateway 28080, a fresh database akhada_soak, topic namespace `soak`, production log
// level, attendance as two instances), SOAK_GYMS gyms (4) on the Enterprise plan. First a capacity probe: the chaos
// workload (members added, check-ins and check-outs, payments, invoices, refunds) as fast as 16 desks get answers, for
// SOAK_PROBE_SECONDS (20); then SOAK_MINUTES (30) of the same mix at a fixed rate, half the probe's (or SOAK_RATE
// writes/s). Every SOAK_SAMPLE_SECONDS (60) it reads each process's /metrics (ops port) and prints one line per process:
// RSS, event-loop delay p99 since the last sample, the consumer lag of its groups and its outbox backlog; with the
// writes of that minute (rate, p99, errors). At the end: per process, RSS growth from minute 5 to the end (the median
// of the 5 samples from minute 5 against the median of the last 5: one sample moves by tens of MB as V8 collects; goal
// < 5 %), the worst event-loop p99, lag and backlog, and whether lag and backlog stayed bounded (the second
// half's peak no higher than 1.5 × the first half's, + 20); then the load stops, the stack drains, and the chaos
// checker proves every acknowledged write is stored once and in every read model.
import type { ServiceName } from '@akhada/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../bench/bench-api.ts';
import { startBenchStack } from '../bench/bench-stack.ts';
import { onShutdown } from '../dev/processes.ts';
import { check } from './checker.ts';
import { textTable } from './run.ts';
import { rngOf } from './rng.ts';
import { rssGrowth, sampleOf, stayedBounded, type ProcessSample } from './soak-figures.ts';
import { newGyms, runWorkload, signInAgain, type Op } from './workload.ts';

const PORT_OFFSET = 20_000;
const GATEWAY_PORT = 28_080;
const SMTP = { smtpPort: 22_525, httpPort: 28_025 };
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const PROBE_S = Number(process.env.SOAK_PROBE_SECONDS ?? 20);
const GYMS = Number(process.env.SOAK_GYMS ?? 4);
/** RSS growth per process after the first 5 minutes (the issue's goal). */
const RSS_GROWTH_GOAL = 0.05;
const WARM_MINUTES = 5;
/** RSS moves by tens of MB between two samples as V8 collects and returns pages: growth compares medians of this many samples. */
const MEDIAN_OF = 5;

/** A fixed-rate gate for the desks: the k-th write is due at start + k/rate; a gate that fell a second behind starts over (no burst to catch up). */
const pacer = (rate: number) => {
  const interval = 1000 / rate;
  let next = performance.now();
  return async () => {
    const now = performance.now();
    if (next < now - 1000) next = now;
    const due = next;
    next += interval;
    if (due > now) await sleep(due - now);
  };
};

const mb = (b: number) => (b / 2 ** 20).toFixed(0);
const pct = (x: number | undefined) => (x === undefined ? '—' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`);

export async function main(root: string): Promise<void> {
  const seed = process.env.SOAK_SEED?.trim() || `soak-${randomBytes(3).toString('hex')}`;
  console.error(`[soak] ${MINUTES} min, a sample every ${SAMPLE_S} s, ${GYMS} gyms, seed ${seed}`);
  const { infra, stack } = await startBenchStack({
    root,
    name: 'soak',
    database: 'akhada_soak',
    smtp: SMTP,
    portOffset: PORT_OFFSET,
    gatewayPort: GATEWAY_PORT,
    namespace: 'soak',
    instances: { attendance: 2 },
  });
  const stopAll = async () => {
    await stack.stop();
    await infra.stop();
  };
  onShutdown(stopAll);

  const processes = (): { name: string; url: string }[] => [
    { name: 'gateway', url: stack.gatewayOpsUrl },
    ...stack.services.flatMap((s: ServiceName) =>
      stack.instances(s).map((i) => ({ name: stack.instances(s).length > 1 ? `${s}#${i.index + 1}` : s, url: `http://127.0.0.1:${i.opsPort}` })),
    ),
  ];
  const scrape = async (): Promise<Map<string, ProcessSample>> =>
    new Map(
      await Promise.all(
        processes().map(async (p) => {
          const text = await fetch(`${p.url}/metrics`, { signal: AbortSignal.timeout(10_000) })
            .then((r) => r.text())
            .catch(() => '');
          return [p.name, sampleOf(text)] as const;
        }),
      ),
    );

  try {
    const gyms = await newGyms(stack.gatewayUrl, GYMS, 'soak', 'enterprise');
    const rng = rngOf(seed);

    // The capacity probe: closed loop, 16 desks, no pause.
    const probeEnd = Date.now() + PROBE_S * 1000;
    const probe = await runWorkload({ gatewayUrl: stack.gatewayUrl, gyms, rng, until: () => Date.now() >= probeEnd, concurrency: 16, pauseMs: 0 });
    const capacity = probe.filter((o) => o.outcome === 'acked').length / PROBE_S;
    const rate = Number(process.env.SOAK_RATE ?? 0) || Math.max(1, Math.round(capacity / 2));
    console.log(`[soak] capacity probe: ${capacity.toFixed(1)} writes/s acknowledged (16 desks, ${PROBE_S} s); the soak runs at ${rate} writes/s`);
    await sleep(5_000); // the probe's events drain before the first sample
    await scrape(); // resets every event-loop histogram: the first sample covers its own minute only

    const window: Op[] = [];
    const ended = Date.now() + MINUTES * 60_000;
    const workload = runWorkload({
      gatewayUrl: stack.gatewayUrl,
      gyms,
      rng,
      until: () => Date.now() >= ended,
      concurrency: 32,
      pauseMs: 0,
      pace: pacer(rate),
      onOp: (op) => window.push(op),
    });

    const history = new Map<string, ProcessSample[]>();
    const minutes: string[] = [];
    const t0 = Date.now();
    const samples = Math.max(1, Math.round((MINUTES * 60) / SAMPLE_S));
    for (let k = 1; k <= samples; k++) {
      await sleep(Math.max(0, t0 + k * SAMPLE_S * 1000 - Date.now()));
      const ops = window.splice(0);
      const got = await scrape();
      // Owners' sessions last 15 minutes: new ones every 5.
      if (k % Math.max(1, Math.round(300 / SAMPLE_S)) === 0) await signInAgain(stack.gatewayUrl, gyms);
      for (const [name, s] of got) history.set(name, [...(history.get(name) ?? []), s]);
      const lat = ops.map((o) => o.ms).sort((a, b) => a - b);
      const failed = ops.filter((o) => o.outcome !== 'acked');
      const statuses = [...new Set(failed.map((o) => String(o.status)))].slice(0, 4).join(', ');
      const errors = `${failed.length}${failed.length ? ` (${statuses})` : ''}`;
      const head = `[soak] ${((k * SAMPLE_S) / 60).toFixed(1)} min: ${(ops.length / SAMPLE_S).toFixed(1)} writes/s, p99 ${lat.length ? percentile(lat, 99) : 0} ms, ${errors} not acknowledged`;
      const lines = [...got].map(
        ([name, s]) =>
          `    ${name.padEnd(16)} rss ${mb(s.rssBytes).padStart(4)} MB  heap ${mb(s.heapUsedBytes).padStart(4)} MB  loop p99 ${(s.eldP99 * 1000).toFixed(1).padStart(6)} ms  lag ${String(s.lag ?? '—').padStart(5)}  outbox ${String(s.outbox ?? '—').padStart(4)}`,
      );
      minutes.push(head);
      console.log([head, ...lines].join('\n'));
    }
    const ops = await workload;
    // A soak at half the capacity answers every write: more than 1 % not acknowledged is a miss.
    const notAcked = ops.filter((o) => o.outcome !== 'acked').length;

    // The summary per process.
    const warmSample = Math.max(0, Math.round((WARM_MINUTES * 60) / SAMPLE_S) - 1);
    const rows = [...history].map(([name, series]) => {
      const rss = series.map((s) => s.rssBytes);
      const lag = series.map((s) => s.lag ?? 0);
      const outbox = series.map((s) => s.outbox ?? 0);
      const g = rssGrowth(rss, warmSample, MEDIAN_OF);
      const bounded = stayedBounded(lag) && stayedBounded(outbox);
      const heap = rssGrowth(
        series.map((s) => s.heapUsedBytes),
        warmSample,
        MEDIAN_OF,
      );
      return {
        name,
        rssWarm: g?.from ?? 0,
        rssEnd: g?.to ?? 0,
        rssPeak: Math.max(...rss),
        growth: g?.growth,
        heapFrom: heap?.from ?? 0,
        heapTo: heap?.to ?? 0,
        eld: Math.max(...series.map((s) => s.eldP99)),
        lag: Math.max(...lag),
        outbox: Math.max(...outbox),
        bounded,
        ok: (g === undefined || g.growth < RSS_GROWTH_GOAL) && bounded,
      };
    });
    const head = [
      'process',
      `RSS from ${WARM_MINUTES} min`,
      'RSS at end',
      'RSS peak',
      'growth',
      'heap used (same medians)',
      'worst loop p99',
      'peak lag',
      'peak outbox',
      'bounded',
      '',
    ];
    const body = rows.map((r) => [
      r.name,
      `${mb(r.rssWarm)} MB`,
      `${mb(r.rssEnd)} MB`,
      `${mb(r.rssPeak)} MB`,
      pct(r.growth),
      `${mb(r.heapFrom)} → ${mb(r.heapTo)} MB`,
      `${(r.eld * 1000).toFixed(1)} ms`,
      String(r.lag),
      String(r.outbox),
      r.bounded ? 'yes' : 'NO',
      r.ok ? 'ok' : 'MISS',
    ]);
    const summary = textTable(head, body);

    // Drained, then checked: every acknowledged write stored once and in every read model.
    const result = await check({ databaseUrl: infra.databaseUrl, gyms, ops: [...probe, ...ops], limitMs: 60_000 });
    const all = [...probe, ...ops];
    const verdict =
      `${all.length} writes (${result.acked} acknowledged, ${result.refused} refused, ${result.unknown} unknown): ` +
      `${result.lost} lost, ${result.duplicated} duplicated, ${result.refusedVisible} refused but shown, ` +
      (result.convergedMs === undefined
        ? `${result.stale} read-model rows still stale after 60 s`
        : `read models agreed ${(result.convergedMs / 1000).toFixed(1)} s after the load stopped`);
    const out = `seed ${seed}: ${MINUTES} min at ${rate} writes/s (capacity probe ${capacity.toFixed(1)}/s); ${ops.length - notAcked} of the soak's ${ops.length} writes acknowledged\n${summary}\n${verdict}\n`;
    console.log(`\n${out}`);
    for (const p of result.problems.slice(0, 10)) console.log(`  ${p}`);
    mkdirSync(path.join(root, '.data', 'soak'), { recursive: true });
    writeFileSync(path.join(root, '.data', 'soak', `${seed}.txt`), `${minutes.join('\n')}\n\n${out}`);
    const failed =
      notAcked > ops.length * 0.01 ||
      rows.some((r) => !r.ok) ||
      result.lost > 0 ||
      result.duplicated > 0 ||
      result.refusedVisible > 0 ||
      result.convergedMs === undefined;
    await stopAll();
    process.exit(failed ? 1 : 0);
  } catch (err) {
    await stopAll();
    throw err;
  }
}
