// A tiny supervisor for the services we run in development: spawn with prefixed output, wait for readiness, stop all,
// and one Ctrl-C handler that stops everything we started.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitedWithin, signalGroup } from './process-signals.ts';

export interface StartProcessOptions {
  name: string;
  cwd: string;
  command: string;
  args: string[];
  /** Added to this process's environment. */
  env?: Record<string, string | undefined>;
  /** Polled with GET until it answers 200. */
  readyUrl?: string;
  readyTimeoutMs?: number;
  /** false: keep the last lines (for error messages) without printing them, as the benchmark needs. Default true. */
  echo?: boolean;
}

export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit description once the child has exited. */
  exited: Promise<string>;
  /** The last lines the child printed. */
  outputTail(): string;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
const TAIL_LINES = 40;
const COLOURS = [36, 33, 32, 35, 34, 91, 96, 93, 92, 95, 94];
const running = new Set<ManagedProcess>();
let nextColour = 0;
let prefixWidth = 0;

export async function startProcess(options: StartProcessOptions): Promise<ManagedProcess> {
  const { name, cwd, command, args, env, readyUrl, readyTimeoutMs = 60_000, echo = true } = options;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() reaches grandchildren too
  });
  if (child.pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once('error', resolve));
    throw new Error(`${name}: cannot start ${command}: ${err.message}`);
  }
  const pid = child.pid;
  const tail: string[] = [];
  const colour = COLOURS[nextColour++ % COLOURS.length]!;
  prefixWidth = Math.max(prefixWidth, name.length);
  const print = (line: string) => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    if (!echo) return;
    const label = `${name.padEnd(prefixWidth)} |`;
    process.stdout.write(`${process.stdout.isTTY ? `\x1b[${colour}m${label}\x1b[0m` : label} ${line}\n`);
  };
  pipeLines(child.stdout, print);
  pipeLines(child.stderr, print);

  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(managed);
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
  });
  child.on('error', (err) => print(`[process error] ${err.message}`));

  const managed: ManagedProcess = {
    name,
    pid,
    child,
    exited,
    outputTail: () => tail.join('\n'),
    stop: () => stopOne(managed),
  };
  running.add(managed);

  if (readyUrl) {
    try {
      await waitReady(managed, readyUrl, readyTimeoutMs);
    } catch (err) {
      await managed.stop();
      throw err;
    }
  }
  return managed;
}

/** SIGTERM to every child's process group, up to 10 s of grace, then SIGKILL. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => stopOne(p)));
}

const shutdownHooks: (() => Promise<void> | void)[] = [];
let signalsWired = false;

/**
 * Registers fn to run on SIGINT/SIGTERM, after every started child is stopped; hooks run last-registered first
 * (register Postgres, then Kafka: Kafka stops before Postgres). Then the process exits.
 */
export function onShutdown(fn: () => Promise<void> | void): void {
  shutdownHooks.push(fn);
  if (signalsWired) return;
  signalsWired = true;
  let shuttingDown = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        console.error('[infra] second signal: exiting now');
        process.exit(1);
      }
      shuttingDown = true;
      console.error(`[infra] ${signal}: stopping everything we started`);
      void shutdown().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

async function shutdown(): Promise<void> {
  await stopAll().catch((err: unknown) => console.error(`[infra] stopping children: ${(err as Error).message}`));
  for (const fn of [...shutdownHooks].reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`[infra] shutdown step failed: ${(err as Error).message}`);
    }
  }
}

// If we exit without a clean stop (an uncaught error), do not leave children behind.
process.once('exit', () => {
  for (const p of running) signalGroup(p.pid, 'SIGTERM');
});

async function stopOne(p: ManagedProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  signalGroup(p.pid, 'SIGTERM');
  const graceful = await exitedWithin(p.exited, STOP_GRACE_MS);
  if (!graceful) {
    console.error(`[infra] ${p.name} did not stop within ${STOP_GRACE_MS / 1000} s; SIGKILL`);
    signalGroup(p.pid, 'SIGKILL');
    await exitedWithin(p.exited, 2_000);
  }
}

async function waitReady(p: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: string | undefined;
  void p.exited.then((how) => (exitedWith = how));
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exitedWith) throw new Error(`${p.name} exited (${exitedWith}) before ${url} answered\n${p.outputTail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 200) return;
      lastProblem = `HTTP ${res.status}`;
    } catch (err) {
      const { message, cause } = err as Error & { cause?: { message?: string } };
      lastProblem = cause?.message ? `${message}: ${cause.message}` : message;
    }
    await sleep(250);
  }
  throw new Error(`${p.name} not ready: ${url} gave no 200 within ${timeoutMs / 1000} s (last: ${lastProblem})\n${p.outputTail()}`);
}

function pipeLines(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (partial) onLine(partial);
    partial = '';
  });
}
