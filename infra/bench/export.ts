// `npm run bench:export`: Settings → Data management's members export of one organization of 20,000 members (issue 16):
// the members service's streamed CSV and JSON, with the service's peak RSS (VmHWM, read from /proc) against its RSS
// before the export, and the time to the last byte. Prints the figures and PASS or MISS (every row of the organization,
// none of the other one, and the peak growth under the bound: the export reads 1,000 rows a page, so memory must not
// grow with the organization).
//
// Setup as bench:members: a fresh database (akhada_bench_export, topic namespace `bench`), the members service as its
// own process at the production log level, 20,000 members of organization A and 500 of organization B written by SQL,
// tokens signed by a key this script serves as the JWKS.
//
// Ports: members 24112 (ops 25112), JWKS 28112. BENCH_MEMBERS (20000), BENCH_RSS_BOUND_MB (64). On a shared machine run
// it under the e2e lock:   flock /tmp/akhada-e2e.lock npm run bench:export
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startProcess } from '../dev/processes.ts';
import { provision } from '../dev/provision.ts';
import { startIssuer } from './members-search.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const OTHER = 500;
const PORT = 24_112;
const JWKS_PORT = 28_112;
const RSS_BOUND_MB = Number(process.env.BENCH_RSS_BOUND_MB ?? 64);

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0);
};
/** Resets the peak RSS of a process (writing 5 to clear_refs), so VmHWM measures from now on. */
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

const seed = async (databaseUrl: string, org: string, loc: string, n: number) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set search_path = members, public');
    await client.query(
      `insert into members (id, org_id, location_id, first_name, last_name, email, phone, membership_type, membership_status,
                            payment_frequency, fee_paise, start_date, end_date, registered_at, version, account_status, payment_method)
       select gen_random_uuid(), $1::uuid, $2::uuid, 'Member' || i, 'Sharma, "' || i || '"', 'm' || i || '.' || left($1::text, 8) || '@example.in',
              '+91 9' || lpad(i::text, 9, '0'), 'basic', 'active', 'monthly', 150000, current_date, current_date + 30, now(), 1, 'active', 'upi'
         from generate_series(1, $3::int) as i`,
      [org, loc, n],
    );
    await client.query('vacuum analyze members');
  } finally {
    await client.end();
  }
};

/** Streams one export to its end, sampling the service's RSS every 20 ms; counts rows as they pass. */
const download = async (pid: number, url: string, token: string) => {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let maxRss = 0;
  const timer = setInterval(() => (maxRss = Math.max(maxRss, statusKb(pid, 'VmRSS'))), 20);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(timer);
  return { ms: performance.now() - t0, bytes, lines, maxRssKb: Math.max(maxRss, statusKb(pid, 'VmRSS')) };
};

export async function main(root: string): Promise<void> {
  process.env.AKHADA_TOPIC_NAMESPACE = 'bench';
  const infra = await provision({ root, database: 'akhada_bench_export', fresh: true });
  const issuer = await startIssuer(JWKS_PORT);
  const [orgA, locA, orgB, locB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const members = await startProcess({
    name: 'members-export-bench',
    cwd: root,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'services', 'members', 'src', 'main.ts')],
    env: {
      PORT: String(PORT),
      DATABASE_URL: infra.databaseUrl,
      KAFKA_BROKERS: infra.brokers.join(','),
      AUTH_JWKS_URL: issuer.url,
      AKHADA_TOPIC_NAMESPACE: 'bench',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      INSTANCE_ID: `bench-export-${process.pid}`,
      EXPIRY_INTERVAL_MS: '3600000',
    },
    readyUrl: `http://127.0.0.1:${PORT + 1000}/ready`,
    echo: false,
  });
  try {
    const t0 = Date.now();
    await seed(infra.databaseUrl, orgA, locA, MEMBERS);
    await seed(infra.databaseUrl, orgB, locB, OTHER);
    console.error(`[bench] ${MEMBERS} + ${OTHER} members written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const token = issuer.token({ sub: randomUUID(), org: orgA, role: 'owner', locs: [locA], sid: randomUUID(), name: 'Bench Owner' });
    // Warm-up: the first request compiles the route and fills the token cache.
    await download(members.pid, `http://127.0.0.1:${PORT}/members/export?format=csv`, token);
    const lines: string[] = ['', `GET /members/export, ${MEMBERS} members in one organization (and ${OTHER} in another)`];
    let pass = true;
    for (const format of ['csv', 'json'] as const) {
      const before = statusKb(members.pid, 'VmRSS');
      const peakReset = resetPeak(members.pid);
      const r = await download(members.pid, `http://127.0.0.1:${PORT}/members/export?format=${format}`, token);
      const peak = peakReset ? Math.max(statusKb(members.pid, 'VmHWM'), r.maxRssKb) : r.maxRssKb;
      // csv: the header and one line per member (CRLF); json: "[", one line per member, then "]" on a line of its own.
      const rows = format === 'csv' ? r.lines - 1 : r.lines - 2;
      const growthMb = (peak - before) / 1024;
      const ok = rows === MEMBERS && growthMb <= RSS_BOUND_MB;
      pass &&= ok;
      lines.push(
        `  ${format}: ${rows} rows, ${(r.bytes / 1024 / 1024).toFixed(1)} MB in ${r.ms.toFixed(0)} ms (${((rows / r.ms) * 1000).toFixed(0)} rows/s); ` +
          `service RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (+${growthMb.toFixed(1)} MB; bound ${RSS_BOUND_MB} MB)` +
          `${rows === MEMBERS ? '' : ` — expected ${MEMBERS} rows`}`,
      );
    }
    lines.push(`  exactly the organization's rows, peak growth within the bound: ${pass ? 'PASS' : 'MISS'}`, '');
    console.log(lines.join('\n'));
  } finally {
    await members.stop();
    await issuer.close();
  }
}
