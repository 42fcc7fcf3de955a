// Finds a PostgreSQL server to use (DATABASE_URL, the machine's own on 5432, or a throw-away cluster in <root>/.data/pg)
// and creates databases on it.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { findOnPath, isRoot, runCommand } from './run-command.ts';

export interface PostgresHandle {
  /** Server URL without a database name, e.g. postgres://postgres@127.0.0.1:5432. Use withDatabase() to add one. */
  url: string;
  startedByUs: boolean;
  /** Stops the server only when this call started it. */
  stop(): Promise<void>;
}

const MACHINE_URL = 'postgres://postgres@127.0.0.1:5432';
const LOCAL_PORT = 54329;
const LOCAL_URL = `postgres://postgres@127.0.0.1:${LOCAL_PORT}`;
const serverOptions = (port: number) =>
  [
    `-p ${port}`,
    '-k /tmp',
    '-c listen_addresses=127.0.0.1',
    // Throw-away data only: never use these settings for real data.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');

/**
 * Order: env DATABASE_URL; else a server answering on 127.0.0.1:5432 (user postgres, trust auth; skipped when
 * AKHADA_PG_FORCE_LOCAL=1); else a throw-away cluster in <root>/.data/pg on port 54329 (reused when already running).
 */
export async function ensurePostgres({ root }: { root: string }): Promise<PostgresHandle> {
  const notStarted = { startedByUs: false, stop: async () => {} };

  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    const error = await probe(fromEnv);
    if (error) throw new Error(`DATABASE_URL does not answer (${redact(fromEnv)}): ${error}`);
    return { url: serverUrl(fromEnv), ...notStarted };
  }

  if (process.env.AKHADA_PG_FORCE_LOCAL !== '1' && !(await probe(MACHINE_URL))) {
    return { url: MACHINE_URL, ...notStarted };
  }

  if (!(await probe(LOCAL_URL))) {
    console.error(`[infra] reusing the PostgreSQL cluster already running on port ${LOCAL_PORT}`);
    return { url: LOCAL_URL, ...notStarted };
  }

  const dataDir = path.join(root, '.data', 'pg');
  const bin = await findPostgresBin();
  await initCluster(bin, dataDir);
  await startCluster(bin, dataDir);
  return {
    url: LOCAL_URL,
    startedByUs: true,
    stop: async () => {
      console.error(`[infra] stopping the PostgreSQL cluster in ${dataDir}`);
      await asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
    },
  };
}

/**
 * Creates database `dbName` on the server at baseUrl unless it exists (dropped first, with its connections, when
 * fresh) and returns the database's URL.
 */
export async function ensureDatabase(baseUrl: string, dbName: string, { fresh = false }: { fresh?: boolean } = {}): Promise<string> {
  const quoted = quoteIdent(dbName);
  const client = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres'), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${quoted}`);
      } catch (err) {
        // Another process created it at the same time: 42P04 duplicate_database, or 23505 on pg_database's index.
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err;
      }
    }
  } finally {
    await client.end();
  }
  return withDatabase(baseUrl, dbName);
}

/** serverUrl + database name, keeping any query string (?sslmode=…) in its place. */
export function withDatabase(baseUrl: string, dbName: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${encodeURIComponent(dbName)}`;
  return url.toString();
}

/** The URL without its database path (query string kept). */
function serverUrl(anyUrl: string): string {
  const url = new URL(anyUrl);
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
}

/** Undefined when a connection and `SELECT 1` succeed, else the reason. */
async function probe(url: string, timeoutMs = 2_000): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {}); // a server going away after connect must not crash us
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

async function findPostgresBin(): Promise<string> {
  const found = highestVersionBin();
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      'PostgreSQL is not running on 127.0.0.1:5432 and initdb/pg_ctl are missing from /usr/lib/postgresql/<version>/bin. ' +
        'Install the Debian package `postgresql` (apt-get install postgresql), or set DATABASE_URL.',
    );
  }
  console.error('[infra] PostgreSQL binaries missing: apt-get install postgresql (this takes a minute)');
  await runCommand('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq postgresql'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeoutMs: 15 * 60_000,
  });
  const installed = highestVersionBin();
  if (!installed) throw new Error('apt-get install postgresql finished but /usr/lib/postgresql/<version>/bin/initdb is still missing');
  return installed;
}

function highestVersionBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

async function initCluster(bin: string, dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    await runCommand('chown', ['-R', 'postgres:postgres', dataDir]);
    // initdb runs as postgres: every parent folder must let it through.
    await runCommand(runuserPath(), ['-u', 'postgres', '--', 'test', '-w', dataDir]).catch(() => {
      throw new Error(`user postgres cannot write ${dataDir}: a parent folder is not traversable by other users`);
    });
  }
  console.error(`[infra] initdb ${dataDir}`);
  await asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-instructions'], 120_000);
}

async function startCluster(bin: string, dataDir: string, port = LOCAL_PORT, action: 'start' | 'restart' = 'start'): Promise<void> {
  console.error(`[infra] ${action === 'start' ? 'starting' : 'restarting (fast)'} PostgreSQL on 127.0.0.1:${port} (data ${dataDir})`);
  const logFile = path.join(dataDir, 'server.log');
  const url = `postgres://postgres@127.0.0.1:${port}`;
  await asPostgres(
    path.join(bin, 'pg_ctl'),
    ['-D', dataDir, '-l', logFile, '-o', serverOptions(port), ...(action === 'restart' ? ['-m', 'fast'] : []), '-w', '-t', '60', action],
    90_000,
  );
  const deadline = Date.now() + 30_000;
  let error = await probe(url);
  while (error) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL started but does not answer on port ${port}: ${error} (see ${logFile})`);
    await sleep(300);
    error = await probe(url);
  }
}

export interface OwnPostgres extends PostgresHandle {
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back within a second or two. */
  restart(): Promise<void>;
}

/**
 * A throw-away cluster of the caller's own in <root>/.data/<dir> on `port`, whatever else runs on the machine (the
 * chaos harness restarts it under load, which it must not do to a server others share). Reused when it already runs.
 */
export async function startOwnPostgres({ root, dir, port }: { root: string; dir: string; port: number }): Promise<OwnPostgres> {
  const url = `postgres://postgres@127.0.0.1:${port}`;
  const dataDir = path.join(root, '.data', dir);
  const bin = await findPostgresBin();
  const startedByUs = (await probe(url)) !== undefined;
  if (startedByUs) {
    await initCluster(bin, dataDir);
    await startCluster(bin, dataDir, port);
  } else console.error(`[infra] reusing the PostgreSQL cluster already running on port ${port}`);
  return {
    url,
    startedByUs,
    restart: () => startCluster(bin, dataDir, port, 'restart'),
    stop: async () => {
      if (!startedByUs) return;
      console.error(`[infra] stopping the PostgreSQL cluster in ${dataDir}`);
      await asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
    },
  };
}

/** Runs a PostgreSQL tool as user postgres when we are root (initdb and postgres refuse to run as root). */
function asPostgres(tool: string, args: string[], timeoutMs: number) {
  if (!isRoot()) return runCommand(tool, args, { timeoutMs });
  return runCommand(runuserPath(), ['-u', 'postgres', '--', tool, ...args], { timeoutMs, cwd: '/tmp' });
}

function runuserPath(): string {
  const found = findOnPath('runuser') ?? (existsSync('/usr/sbin/runuser') ? '/usr/sbin/runuser' : undefined);
  if (!found) throw new Error('running as root but `runuser` is missing (Debian package util-linux)');
  return found;
}

function quoteIdent(name: string): string {
  if (!name || name.length > 63 || name.includes('\0')) throw new Error(`invalid database name: ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparsable URL>';
  }
}
