// The benches' ceilings as processes of their own, started the way the services run (node --import tsx): a plain
// Fastify hello-world (hello-world.ts) and the bare @fastify/http-proxy (bare-proxy.ts) in front of an upstream.
import path from 'node:path';
import { startProcess, type ManagedProcess } from '../dev/processes.ts';

export const startHelloWorld = (root: string, port: number): Promise<ManagedProcess> =>
  startProcess({
    name: 'hello-world',
    cwd: root,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'infra', 'bench', 'hello-world.ts')],
    env: { PORT: String(port) },
    readyUrl: `http://127.0.0.1:${port}/`,
    echo: false,
  });

/** The bare proxy on `port`, forwarding /api/members to `upstream`'s /members. */
export const startBareProxy = (root: string, port: number, upstream: string): Promise<ManagedProcess> =>
  startProcess({
    name: 'bare-proxy',
    cwd: root,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'infra', 'bench', 'bare-proxy.ts')],
    env: { PORT: String(port), UPSTREAM: upstream },
    readyUrl: `http://127.0.0.1:${port}/ready`,
    echo: false,
  });
