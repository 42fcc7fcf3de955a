// TCP port checks for the local infrastructure: is a port free to bind, and does something answer on it.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** True when nothing listens on host:port (we could bind it ourselves right now). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** Waits until host:port is free (e.g. after stopping a server); throws after timeoutMs. */
export async function waitForPortFree(
  port: number,
  { host = '127.0.0.1', timeoutMs = 15_000, intervalMs = 200 }: { host?: string; timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isPortFree(port, host))) {
    if (Date.now() >= deadline) throw new Error(`port ${host}:${port} is still in use after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** True when a TCP connection to host:port succeeds within timeoutMs (something listens there). */
export function isPortListening(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
