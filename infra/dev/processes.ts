// A tiny supervisor for the services we run in development: spawn, keep each child's output in a log file, wait for
// readiness, start a child again when it dies unasked (superviseProcess: back-off, crash-loop stop; restart-policy.ts),
// stop all, and one Ctrl-C handler that stops everything we started.
//
// Output: every line a child prints goes to .data/logs/<name>[-<port>].log (truncated when the child starts). What
// reaches our own stdout depends on `echo`: at a terminal (`npm start`) every line, prefixed with the child's name;
// otherwise (tests, the benchmark, CI) only warnings and errors (pino level >= 40, and anything that is not a JSON log
// line: a crash, a stack trace), plus the last lines and the log file's name when a child fails. Then the child writes
// straight into its file and we read the file twice a second: re-printing, or even just reading, every request line
// of a busy service through a pipe cost this process a wake-up per write, on the cores the services need.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, fstatSync, mkdirSync, openSync, readSync, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { exitedWithin, signalGroup } from './process-signals.ts';
import { DEFAULT_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-policy.ts';

/** all: every line; warn: warnings, errors and anything that is not a JSON log line; none: nothing (the file still has it). */
export type Echo = 'all' | 'warn' | 'none';

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
  /**
   * What of the child's output to print. Default: AKHADA_ECHO, else `all` at a terminal and `warn` otherwise.
   * true and false (the benchmark's "keep it, do not print it") mean `all` and `none`.
   */
  echo?: Echo | boolean;
  /** Where the child's output is kept; default .data/logs/<name>[-<port of readyUrl>].log; false: nowhere. */
  logFile?: string | false;
}

export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit description once the child has exited. */
  exited: Promise<string>;
  /** The last lines the child printed. */
  outputTail(): string;
  /** The file with everything the child printed, if kept. */
  logFile?: string;
  /** True once stop() or kill() was called: its exit was asked for. */
  readonly stopRequested: boolean;
  /** SIGTERM to its process group, up to 10 s of grace, then SIGKILL. */
  stop(): Promise<void>;
  /** SIGKILL to its process group at once (no graceful shutdown), on purpose; resolves once it has exited. */
  kill(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
const TAIL_LINES = 40;
const LOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'logs');
const ECHOES: readonly Echo[] = ['all', 'warn', 'none'];
const defaultEcho = (): Echo => {
  const env = process.env.AKHADA_ECHO as Echo | undefined;
  if (env && ECHOES.includes(env)) return env;
  return process.stdout.isTTY ? 'all' : 'warn';
};
/** A pino line at warn (40) or above, or a line that is not a JSON log line at all (a crash, a stack trace). */
const isNotable = (line: string): boolean => {
  if (line.charCodeAt(0) !== 123 /* { */) return line.trim() !== '';
  const m = /"level":(\d+)/.exec(line);
  return !m || Number(m[1]) >= 40;
};
/** One file per process and port, so stacks side by side (development, browser tests, benchmark) keep theirs apart. */
const defaultLogFile = (name: string, readyUrl?: string): string => {
  const port = readyUrl ? new URL(readyUrl).port : '';
  return path.join(LOG_DIR, `${name}${port ? `-${port}` : ''}.log`);
};
const logsOpened = new Set<string>();
const COLOURS = [36, 33, 32, 35, 34, 91, 96, 93, 92, 95, 94];
const running = new Set<ManagedProcess>();
let nextColour = 0;
let prefixWidth = 0;

export async function startProcess(options: StartProcessOptions): Promise<ManagedProcess> {
  const managed = await spawnProcess(options);
  if (options.readyUrl) {
    try {
      await waitReady(managed, options.readyUrl, options.readyTimeoutMs ?? 60_000);
    } catch (err) {
      await managed.stop();
      throw err;
    }
  }
  return managed;
}

/** Starts the child, without waiting for it to be ready. */
async function spawnProcess(options: StartProcessOptions): Promise<ManagedProcess> {
  const { name, cwd, command, args, env, readyUrl } = options;
  const echo: Echo = options.echo === true ? 'all' : options.echo === false ? 'none' : (options.echo ?? defaultEcho());
  const logFile = options.logFile === false ? undefined : (options.logFile ?? defaultLogFile(name, readyUrl));
  if (logFile) mkdirSync(path.dirname(logFile), { recursive: true });
  // A file starts empty with the run; a process started again in the same run (after a crash, the fault test's
  // restart) appends, so what led to the crash stays.
  const flags = logFile && logsOpened.has(logFile) ? 'a' : 'w';
  if (logFile) logsOpened.add(logFile);
  // At a terminal every line passes through us (to be printed); otherwise the child gets the file itself.
  const direct = logFile !== undefined && echo !== 'all';
  const fd = direct ? openSync(logFile, flags) : undefined;
  let log: WriteStream | undefined;
  if (logFile && !direct) {
    log = createWriteStream(logFile, { flags });
    log.on('error', () => (log = undefined)); // a full disk must not take the supervisor down
  }
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
    detached: true, // own process group, so stop() reaches grandchildren too
  });
  if (fd !== undefined) closeSync(fd); // the child holds its own copy
  if (child.pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once('error', resolve));
    log?.end();
    throw new Error(`${name}: cannot start ${command}: ${err.message}`);
  }
  const pid = child.pid;
  const tail: string[] = [];
  const colour = COLOURS[nextColour++ % COLOURS.length]!;
  prefixWidth = Math.max(prefixWidth, name.length);
  const print = (line: string) => {
    const label = `${name.padEnd(prefixWidth)} |`;
    process.stdout.write(`${process.stdout.isTTY ? `\x1b[${colour}m${label}\x1b[0m` : label} ${line}\n`);
  };
  const onLines = (lines: string[], fromStderr: boolean) => {
    for (const line of lines.length > TAIL_LINES ? lines.slice(-TAIL_LINES) : lines) tail.push(line);
    if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
    if (echo === 'all') for (const line of lines) print(line);
    else if (echo === 'warn') for (const line of lines) if (fromStderr || isNotable(line)) print(line);
  };
  pipeLines(child.stdout, log, (lines) => onLines(lines, false));
  pipeLines(child.stderr, log, (lines) => onLines(lines, true));
  const follower = direct && echo === 'warn' ? followFile(logFile, (lines) => onLines(lines, false)) : undefined;
  const outputTail = () => (direct ? lastLines(logFile) : tail.join('\n'));
  if (logFile && echo !== 'all') console.error(`[infra] ${name}: output in ${path.relative(process.cwd(), logFile)}`);

  let stopping = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(managed);
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
  });
  // 'close' comes once the output pipes are drained, so the tail and the file are complete.
  child.once('close', (code, signal) => {
    log?.end();
    void follower?.stop();
    // Not asked to stop: say so, with what it printed last (unless every line was shown already).
    if (!stopping && echo !== 'all') {
      console.error(`[infra] ${name} exited (${signal ? `signal ${signal}` : `code ${code}`})${logFile ? `; output in ${logFile}` : ''}\n${outputTail()}`);
    }
  });
  child.on('error', (err) => onLines([`[process error] ${err.message}`], true));

  const managed: ManagedProcess = {
    name,
    pid,
    child,
    exited,
    outputTail,
    logFile,
    get stopRequested() {
      return stopping;
    },
    stop: () => {
      stopping = true;
      return stopOne(managed);
    },
    kill: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(pid, 'SIGKILL');
      await managed.exited;
    },
  };
  running.add(managed);
  return managed;
}

export interface SuperviseOptions extends StartProcessOptions {
  /** When and how often to start it again (default DEFAULT_RESTART_POLICY). */
  restartPolicy?: RestartPolicy;
  /** Where the supervisor's own lines go (a restart, a crash loop, back again); default stderr. */
  say?: (line: string) => void;
}

/** running: a child is up (or starting); restarting: waiting out the back-off; gave-up: crash loop; stopped: asked to. */
export type SupervisedState = 'running' | 'restarting' | 'gave-up' | 'stopped';

/** A child kept running: started again (with back-off) whenever it exits without having been asked to. */
export interface SupervisedProcess {
  name: string;
  /** The child now, or undefined while a restart waits, after a crash loop or once stopped. */
  readonly current: ManagedProcess | undefined;
  readonly state: SupervisedState;
  /** How many times it was started again since the first start. */
  readonly restarts: number;
  /** Stops it (SIGTERM, grace, SIGKILL) and any restart waiting; it stays down. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would, but asked for: it stays down (a test's "the service is gone"). */
  kill(): Promise<void>;
}

/**
 * Starts a child like startProcess (waiting for readyUrl the first time; a first start that fails throws) and keeps it
 * up: when it exits without stop() or kill() having been asked for, it is started again after the policy's back-off,
 * with one line saying what exited, how, and when it comes back; a crash loop is left down, loudly.
 */
export async function superviseProcess(options: SuperviseOptions): Promise<SupervisedProcess> {
  const policy = options.restartPolicy ?? DEFAULT_RESTART_POLICY;
  const say = options.say ?? ((line: string) => console.error(line));
  // Restarted children append to the first one's log file (startProcess opens it again with 'a').
  let current: ManagedProcess | undefined = await startProcess(options);
  let state: SupervisedState = 'running';
  let restarts = 0;
  let attempts = 0; // restarts in a row since the last healthy run
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

  const onExit = (p: ManagedProcess, how: string) => {
    if (current === p) current = undefined;
    if (state !== 'running') return;
    if (p.stopRequested) {
      // Someone stopped the child itself: that is a stop of the whole.
      state = 'stopped';
      supervisors.delete(handle);
      return;
    }
    // Whatever it left behind in its process group (a crash may kill the leader only) goes with it.
    if (p.pid > 0)
      try {
        process.kill(-p.pid, 'SIGKILL');
      } catch {
        // nothing left
      }
    died(how, p.logFile);
  };

  /** It exited (or could not even be spawned) unasked: restart after the back-off, or give up on a crash loop. */
  const died = (how: string, logFile: string | undefined) => {
    const upFor = Date.now() - startedAt;
    const decision = nextRestart(attempts, upFor, policy);
    if (!decision.restart) {
      state = 'gave-up';
      supervisors.delete(handle);
      say(
        `[infra] ${options.name} is crash-looping: it exited (${how}) within ${seconds(policy.stableAfterMs)} of each of its last ` +
          `${decision.restarts} restarts; NOT restarting it again. Fix it and start it by hand${logFile ? `; output in ${logFile}` : ''}`,
      );
      return;
    }
    attempts = decision.attempt;
    state = 'restarting';
    say(`[infra] ${options.name} exited unexpectedly (${how}) after ${seconds(upFor)}; restart ${decision.attempt} in ${seconds(decision.delayMs)}`);
    timer = setTimeout(() => {
      timer = undefined;
      starting = restart().finally(() => (starting = undefined));
    }, decision.delayMs);
  };

  const watch = (p: ManagedProcess) => void p.exited.then((how) => onExit(p, how));

  const restart = async () => {
    if (state !== 'restarting') return;
    startedAt = Date.now();
    let p: ManagedProcess;
    try {
      p = await spawnProcess(options);
    } catch (err) {
      // Not even spawned (the command is gone): one more quick failure.
      if (state === 'restarting') died((err as Error).message, undefined);
      return;
    }
    if (state !== 'restarting') {
      // Stopped while it was being spawned.
      await p.stop();
      return;
    }
    restarts++;
    current = p;
    state = 'running';
    watch(p);
    if (options.readyUrl)
      waitReady(p, options.readyUrl, options.readyTimeoutMs ?? 60_000).then(
        () => say(`[infra] ${options.name} is back (ready ${seconds(Date.now() - startedAt)} after restart ${attempts})`),
        (err: Error) => {
          if (current === p) say(`[infra] ${options.name} restarted but ${err.message.split('\n')[0]}`);
        },
      );
  };

  const end = async (how: 'stop' | 'kill') => {
    if (state !== 'gave-up') state = 'stopped';
    supervisors.delete(handle);
    clearTimeout(timer);
    timer = undefined;
    await starting;
    const p = current;
    current = undefined;
    if (p) await (how === 'stop' ? p.stop() : p.kill());
  };

  const handle: SupervisedProcess = {
    name: options.name,
    get current() {
      return current;
    },
    get state() {
      return state;
    },
    get restarts() {
      return restarts;
    },
    stop: () => end('stop'),
    kill: () => end('kill'),
  };
  supervisors.add(handle);
  watch(current);
  return handle;
}

const supervisors = new Set<SupervisedProcess>();

/** Every supervised child (no restarts once asked), then every other child: SIGTERM to its process group, up to 10 s of grace, then SIGKILL. */
export async function stopAll(): Promise<void> {
  await Promise.all([...supervisors].map((s) => s.stop()));
  await Promise.all([...running].map((p) => p.stop()));
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

/** The last lines of a file (what a child printed last, for error messages). */
function lastLines(file: string, lines = TAIL_LINES): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, 16_384);
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, size - length);
    return buf.toString('utf8').split('\n').filter(Boolean).slice(-lines).join('\n');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Reads what is appended to a file, twice a second, and hands over its complete lines. */
function followFile(file: string, onLines: (lines: string[]) => void): { stop(): Promise<void> } {
  let offset = 0;
  let partial = '';
  let busy: Promise<void> | undefined;
  const readNew = async () => {
    const handle = await open(file, 'r').catch(() => undefined);
    if (!handle) return;
    try {
      const buf = Buffer.alloc(65_536);
      for (;;) {
        const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        const lines = (partial + buf.toString('utf8', 0, bytesRead)).split('\n');
        partial = lines.pop() ?? '';
        if (lines.length) onLines(lines);
      }
    } finally {
      await handle.close();
    }
  };
  const tick = () => {
    busy ??= readNew()
      .catch(() => undefined)
      .finally(() => (busy = undefined));
  };
  const timer = setInterval(tick, 500);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await readNew().catch(() => undefined);
      if (partial) onLines([partial]);
      partial = '';
    },
  };
}

/** Copies the stream to the log file as it comes, and hands over its complete lines, a chunk at a time. */
function pipeLines(stream: Readable | null, log: WriteStream | undefined, onLines: (lines: string[]) => void): void {
  if (!stream) return;
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    log?.write(chunk);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length) onLines(lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)));
  });
  stream.on('end', () => {
    if (partial) onLines([partial]);
    partial = '';
  });
}
