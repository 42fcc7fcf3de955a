// Runs a short-lived command to completion and returns its output; errors carry the command line and its output.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Write this to the command's stdin (otherwise stdin is /dev/null). */
  input?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const line = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    // stdin is /dev/null unless we feed it: a daemon started by the command (pg_ctl) must not hold our pipes.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    if (options.input !== undefined) child.stdin?.end(options.input);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          child.kill('SIGKILL');
          reject(new CommandError(`${line}: timed out after ${options.timeoutMs} ms\n${tail(stdout + stderr)}`, null, stdout, stderr));
        }, options.timeoutMs)
      : undefined;
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new CommandError(`${line}: ${err.message}`, null, stdout, stderr));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandError(`${line}: exited with code ${code}\n${tail(stdout + stderr)}`, code, stdout, stderr));
    });
  });
}

/** The absolute path of an executable found on PATH, or undefined. */
export function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The last `lines` lines of a text, for error messages. */
export function tail(text: string, lines = 30): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
