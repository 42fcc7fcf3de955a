// The supervisor with real child processes: a crash (SIGKILL behind its back) is restarted with a log line, a kill
// through the supervisor stays down, a crash loop is given up on loudly, and a stop during the back-off cancels it.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { superviseProcess, type SupervisedProcess, type SuperviseOptions } from './processes.ts';
import type { RestartPolicy } from './restart-policy.ts';

const quick: RestartPolicy = { initialDelayMs: 20, maxDelayMs: 100, stableAfterMs: 60_000, maxQuickRestarts: 3 };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const started: SupervisedProcess[] = [];
const supervise = async (script: string, extra: Partial<SuperviseOptions> = {}) => {
  const lines: string[] = [];
  const p = await superviseProcess({
    name: 'child',
    cwd: process.cwd(),
    command: process.execPath,
    args: ['-e', script],
    echo: 'none',
    logFile: false,
    restartPolicy: quick,
    say: (line) => lines.push(line),
    ...extra,
  });
  started.push(p);
  return { p, lines };
};
const server = (port: number) => `require('node:http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`;
const answers = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200;
  } catch {
    return false;
  }
};

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
});

describe('process supervisor', () => {
  it('starts a child that was killed behind its back again, says so, and it answers again', async () => {
    const port = await freePort();
    const { p, lines } = await supervise(server(port), { readyUrl: `http://127.0.0.1:${port}/ready` });
    const first = p.current!.pid;
    process.kill(first, 'SIGKILL');
    await vi.waitFor(() => expect(p.restarts).toBe(1), { timeout: 10_000, interval: 20 });
    expect(p.state).toBe('running');
    expect(p.current!.pid).not.toBe(first);
    await vi.waitFor(async () => expect(await answers(port)).toBe(true), { timeout: 10_000, interval: 50 });
    expect(lines[0]).toMatch(/^\[infra\] child exited unexpectedly \(signal SIGKILL\) after [\d.]+ s; restart 1 in 0 s$/);
    await vi.waitFor(() => expect(lines.some((l) => /child is back/.test(l))).toBe(true), { timeout: 10_000, interval: 20 });
  });

  it('leaves a child it was told to kill down', async () => {
    const port = await freePort();
    const { p, lines } = await supervise(server(port), { readyUrl: `http://127.0.0.1:${port}/ready` });
    const child = p.current!;
    await p.kill();
    // The exit has been handled by the time kill() resolves: nothing is waiting to start it again.
    expect(child.child.signalCode).toBe('SIGKILL');
    expect(p.state).toBe('stopped');
    expect(p.current).toBeUndefined();
    expect(p.restarts).toBe(0);
    expect(lines).toEqual([]);
    expect(await answers(port)).toBe(false);
  });

  it('gives up on a child that keeps dying at once, loudly, after the policy’s restarts', async () => {
    const { p, lines } = await supervise('process.exit(3)');
    await vi.waitFor(() => expect(p.state).toBe('gave-up'), { timeout: 10_000, interval: 20 });
    expect(p.restarts).toBe(3);
    expect(p.current).toBeUndefined();
    expect(lines.filter((l) => /exited unexpectedly \(code 3\)/.test(l)).map((l) => /restart (\d) in ([\d.]+) s/.exec(l)?.slice(1))).toEqual([
      ['1', '0'],
      ['2', '0'],
      ['3', '0.1'],
    ]);
    expect(lines.at(-1)).toMatch(/child is crash-looping: .*code 3.*last 3 restarts; NOT restarting it again/);
  });

  it('cancels a restart that is waiting out its back-off when stopped', async () => {
    const port = await freePort();
    const { p, lines } = await supervise(server(port), {
      readyUrl: `http://127.0.0.1:${port}/ready`,
      restartPolicy: { ...quick, initialDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    process.kill(p.current!.pid, 'SIGKILL');
    await vi.waitFor(() => expect(p.state).toBe('restarting'), { timeout: 10_000, interval: 20 });
    expect(lines[0]).toMatch(/restart 1 in 60 s$/);
    await p.stop();
    expect(p.state).toBe('stopped');
    expect(p.current).toBeUndefined();
    expect(p.restarts).toBe(0);
  });
});
