// Pid files and a start lock for daemons we leave running between commands (the local Kafka broker).
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './process-signals.ts';

export function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function writePid(file: string, pid: number): void {
  writeFileSync(file, `${pid}\n`);
}

export function removeFile(file: string): void {
  rmSync(file, { force: true });
}

/**
 * Takes an exclusive lock file holding our pid; waits while another live process holds it (a lock left by a dead
 * process is taken over). Returns the release function.
 */
export async function acquireLock(file: string, { timeoutMs = 180_000, what = 'lock' } = {}): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (readPid(file) === process.pid) removeFile(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readPid(file);
    if (holder === undefined || !isProcessAlive(holder)) {
      // Left by a dead process (or being written this instant: then a second look finds the pid).
      await sleep(50);
      const again = readPid(file);
      if (again === undefined || !isProcessAlive(again)) removeFile(file);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} held by pid ${holder} (${file})`);
    if (!announced) {
      console.error(`[infra] waiting for pid ${holder}, which holds the ${what}`);
      announced = true;
    }
    await sleep(250);
  }
}
