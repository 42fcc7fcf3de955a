// Where the machine's cores went during one measurement (Linux /proc; prints nothing elsewhere): CPU seconds per kind
// of process between two snapshots, so a figure can be read against PostgreSQL's and the load generator's share.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export type Snapshot = { at: number; ticks: Map<number, { kind: string; ticks: number; sys: number }> } | undefined;

/** Cores used per kind of process, and how much of that in the kernel (system time: syscalls, the network stack). */
export type Cores = Map<string, { cores: number; sys: number }>;

const kindOf = (pid: number, root: string): string => {
  if (pid === process.pid) return 'load generator (the bench process)';
  const read = (f: string) => {
    try {
      return readFileSync(`/proc/${pid}/${f}`, 'utf8');
    } catch {
      return '';
    }
  };
  const comm = read('comm').trim();
  if (comm === 'postgres') {
    // A backend's title names its database: "postgres: postgres akhada_bench 127.0.0.1(5123) idle".
    const title = read('cmdline').replaceAll('\0', ' ');
    return / akhada_bench\w* /.test(title) ? 'postgres (bench database)' : 'postgres (other work)';
  }
  if (comm === 'java') return 'kafka (java)';
  if (comm.startsWith('node') || comm === 'MainThread') {
    let cwd = '';
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      /* gone or not ours */
    }
    const cmdline = read('cmdline');
    if (cmdline.includes('hello-world')) return 'hello-world';
    if (cmdline.includes('bare-proxy')) return 'bare-proxy';
    const rel = path.relative(root, cwd);
    if (!rel.startsWith('..') && rel !== '' && !path.isAbsolute(rel)) return rel.replace(/^services\//, '');
  }
  return 'other';
};

export const snapshot = (root: string): Snapshot => {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return undefined;
  }
  const ticks = new Map<number, { kind: string; ticks: number; sys: number }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the parenthesised command: state is field 3; utime and stime are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, { kind: kindOf(pid, root), ticks: Number(fields[11]) + Number(fields[12]), sys: Number(fields[12]) });
    } catch {
      /* exited meanwhile */
    }
  }
  return { at: Date.now(), ticks };
};

/** Cores used per kind of process between two snapshots. */
export const coresByKind = (before: Snapshot, after: Snapshot): Cores | undefined => {
  if (!before || !after) return undefined;
  const seconds = (after.at - before.at) / 1000;
  const byKind: Cores = new Map();
  for (const [pid, now] of after.ticks) {
    const then = before.ticks.get(pid) ?? { ticks: 0, sys: 0 }; // a process started meanwhile counts from zero
    const entry = byKind.get(now.kind) ?? { cores: 0, sys: 0 };
    entry.cores += (now.ticks - then.ticks) / TICKS_PER_SECOND / seconds;
    entry.sys += (now.sys - then.sys) / TICKS_PER_SECOND / seconds;
    byKind.set(now.kind, entry);
  }
  return byKind;
};

/** "cores busy 1.9 of 2: postgres (bench database) 0.92, members 0.61, …" */
export const describeShare = (byKind: Cores): string => {
  const total = [...byKind.values()].reduce((a, b) => a + b.cores, 0);
  const parts = [...byKind.entries()]
    .filter(([, c]) => c.cores >= 0.01)
    .sort((a, b) => b[1].cores - a[1].cores)
    .map(([kind, c]) => `${kind} ${c.cores.toFixed(2)}`);
  return `cores busy ${total.toFixed(2)} of ${availableParallelism()}: ${parts.join(', ')}`;
};

/**
 * Waits until the machine is back to about `idle` (the cores busy with nothing to do, measured before the load) — the
 * consumers have caught up with the backlog of a saturating run — judged on 1-second windows, for at most `capMs`.
 * Answers the milliseconds it took, or undefined when it never settled (or /proc cannot be read).
 */
export const settled = async (root: string, idle: Cores | undefined, capMs: number, margin = 0.15): Promise<number | undefined> => {
  if (!idle) return undefined;
  const idleTotal = [...idle.values()].reduce((a, b) => a + b.cores, 0);
  const started = Date.now();
  while (Date.now() - started < capMs) {
    const before = snapshot(root);
    await new Promise((r) => setTimeout(r, 1_000));
    const busy = coresByKind(before, snapshot(root));
    if (!busy) return undefined;
    if ([...busy.values()].reduce((a, b) => a + b.cores, 0) <= idleTotal + margin) return Date.now() - started;
  }
  return undefined;
};
