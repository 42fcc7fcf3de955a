import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addToCompose, addToRegistry, addToServices } from './new-service.ts';

const root = path.join(import.meta.dirname, '..', '..');
const topics = readFileSync(path.join(root, 'contracts', 'src', 'topics.ts'), 'utf8');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const registry = readFileSync(path.join(root, 'contracts', 'src', 'http', 'all-routes.ts'), 'utf8');

describe('new:service wiring', () => {
  it('adds a new name to SERVICES with the next free port and its own prefix', () => {
    // The next free port after the services that exist today (each new service takes one).
    const next = Math.max(...[...topics.matchAll(/\bport: (\d+)/g)].map((m) => Number(m[1]))) + 1;
    const { source, port, added } = addToServices(topics, 'demo');
    expect(added).toBe(true);
    expect(port).toBe(next);
    expect(source).toContain(`  demo: { port: ${next}, prefix: 'demo' },\n} as const;`);
    expect(addToServices(source, 'demo')).toMatchObject({ port: next, added: false });
  });

  it('keeps the port of a name that is already planned', () => {
    expect(addToServices(topics, 'trainers')).toEqual({ source: topics, port: 4103, added: false });
  });

  it('adds a compose block before the gateway and the URL to the gateway environment', () => {
    const out = addToCompose(compose, 'demo', 4111);
    expect(out).toMatch(/\n {2}demo:\n {4}<<: \*service\n[\s\S]*SERVICE_DIR: services\/demo[\s\S]*PORT: 4111[\s\S]*\n {2}gateway:\n/);
    expect(out).toContain('      DEMO_URL: http://demo:4111');
    expect(addToCompose(out, 'demo', 4111)).toBe(out);
  });

  it('adds the routes to the one registry of all routes, once', () => {
    const out = addToRegistry(registry, 'demo');
    expect(out).toContain("import { demoRoutes } from './demo.ts';");
    expect(out).toMatch(/\.\.\.group\('demo', 'demo', demoRoutes\),\n\];/);
    expect(addToRegistry(out, 'demo')).toBe(out);
  });
});
