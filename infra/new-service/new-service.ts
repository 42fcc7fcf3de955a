/**
 * `npm run new:service -- <name>`: creates services/<name> in the skeleton of services/README.md and wires it in.
 *
 * - services/<name>/ from templates/service/** (placeholders __name__ and __Name__): package.json, tsconfig.json,
 *   src/main.ts, src/build-app.ts, src/app/deps.ts, an example query use case (src/app/ping.ts) with its route
 *   (src/http/routes.ts), src/db/{schema,migrations,examples-repo}.ts, an example decider with a given/when/then unit
 *   test, and an integration test (buildApp against PostgreSQL, app.inject, a test token).
 * - contracts/src/http/<name>.ts from templates/contract.ts.tmpl: the route contract (GET /<name>/ping), exported from
 *   contracts/src/index.ts.
 * - contracts/src/topics.ts: <name> in SERVICES with the next free port, unless it is there already. That one table gives
 *   the service its topic (akhada.<name>.events), its gateway prefix (/api/<name>/*), its <NAME>_URL and its place in
 *   `npm start` / `npm test` (infra/dev/stack.ts starts every SERVICES entry that has a src/main.ts).
 * - docker-compose.yml: a block for the service and its URL for the gateway.
 * - `npm install`, so the new workspace is linked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import path from 'node:path';

const NAME = /^[a-z][a-z0-9]{1,30}$/;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Adds `<name>: { port, prefix }` to SERVICES; returns the port (the existing one when the name is there). */
export const addToServices = (topicsSource: string, name: string): { source: string; port: number; added: boolean } => {
  const block = /export const SERVICES = \{\n([\s\S]*?)\n\} as const;/.exec(topicsSource);
  if (!block) throw new Error('contracts/src/topics.ts: SERVICES table not found');
  const entries = [...block[1]!.matchAll(/^\s*([a-z][a-z0-9]*): \{ port: (\d+), prefix: '([^']*)' \},?$/gm)];
  const existing = entries.find((e) => e[1] === name);
  if (existing) return { source: topicsSource, port: Number(existing[2]), added: false };
  if (entries.some((e) => e[3] === name)) throw new Error(`the prefix "${name}" is already used by another service`);
  const port = Math.max(...entries.map((e) => Number(e[2]))) + 1;
  const body = `${block[1]!.replace(/,?\s*$/, ',')}\n  ${name}: { port: ${port}, prefix: '${name}' },`;
  return { source: topicsSource.replace(block[0], `export const SERVICES = {\n${body}\n} as const;`), port, added: true };
};

/** Adds the service's block before the gateway and its URL to the gateway's environment. */
export const addToCompose = (compose: string, name: string, port: number): string => {
  if (new RegExp(`^ {2}${name}:$`, 'm').test(compose)) return compose;
  const block = `  ${name}:
    <<: *service
    build: { context: ., dockerfile: infra/docker/Dockerfile, target: service, args: { SERVICE_DIR: services/${name} } }
    environment: { <<: *service-env, PORT: ${port} }
    depends_on: { auth: { condition: service_started }, kafka-init: { condition: service_completed_successfully } }

`;
  let out = compose.replace(/^ {2}gateway:$/m, `${block}  gateway:`);
  out = out.replace(/^( {6}DASHBOARD_URL: .*)$/m, `$1\n      ${name.toUpperCase()}_URL: http://${name}:${port}`);
  if (!out.includes(`${name.toUpperCase()}_URL:`)) throw new Error('docker-compose.yml: the gateway environment was not found');
  return out;
};

const TEMPLATES = path.join(import.meta.dirname, 'templates');

/** A template's text (or file path) for the service `name`: __name__ as given (`classes`), __Name__ in PascalCase (`Classes`). */
export const render = (template: string, name: string): string => template.replaceAll('__Name__', pascal(name)).replaceAll('__name__', name);

/**
 * The new service's files, from templates/service/** (each file's path and text rendered, `.tmpl` dropped): the same
 * skeleton as services/README.md, written as files so they read (and diff) as the code they become.
 */
export const serviceFiles = (name: string): Record<string, string> => {
  const dir = path.join(TEMPLATES, 'service');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tmpl'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  return Object.fromEntries(files.map((rel) => [render(rel.replace(/\.tmpl$/, ''), name), render(readFileSync(path.join(dir, rel), 'utf8'), name)]));
};

/** contracts/src/http/<name>.ts, from templates/contract.ts.tmpl. */
export const contractFile = (name: string): string => render(readFileSync(path.join(TEMPLATES, 'contract.ts.tmpl'), 'utf8'), name);

/**
 * Adds the service's routes to the one registry of all routes (contracts/src/http/all-routes.ts), which the gateway's
 * guest paths, the API documentation and the standing bad-input and cross-organization guards read.
 */
export const addToRegistry = (source: string, name: string): string => {
  const importLine = `import { ${name}Routes } from './${name}.ts';`;
  if (source.includes(importLine)) return source;
  const withImport = source.replace(/(import type \{ RouteContract \} from '\.\/route\.ts';\n)/, `${importLine}\n$1`);
  const out = withImport.replace(
    /(export const allRouteContracts: RegisteredRoute\[\] = \[\n(?:.*\n)*?)(\];)/,
    `$1  ...group('${name}', '${name}', ${name}Routes),\n$2`,
  );
  if (out === withImport || withImport === source) throw new Error('contracts/src/http/all-routes.ts: registry not found');
  return out;
};

/** Exports the service's contract from contracts/src/index.ts, after the route helpers, once. */
export const addToIndex = (source: string, name: string): string => {
  const exportLine = `export * from './http/${name}.ts';`;
  if (source.includes(exportLine)) return source;
  const out = source.replace(/(export \* from '\.\/http\/route\.ts';\n)/, `$1${exportLine}\n`);
  if (out === source) throw new Error('contracts/src/index.ts: the export of ./http/route.ts was not found');
  return out;
};

/** Writes a file formatted by the repository's Prettier settings, so a new service passes `prettier --check` as created. */
const write = async (file: string, content: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(content, { ...options, filepath: file }));
};

export const main = async (root: string, args: string[]): Promise<void> => {
  const name = args[0] ?? '';
  if (!NAME.test(name)) throw new Error(`usage: npm run new:service -- <name>  (2-31 lowercase letters and digits, starting with a letter; got "${name}")`);
  const dir = path.join(root, 'services', name);
  if (existsSync(dir)) throw new Error(`services/${name} exists already`);
  const contract = path.join(root, 'contracts', 'src', 'http', `${name}.ts`);
  if (existsSync(contract)) throw new Error(`contracts/src/http/${name}.ts exists already`);

  const topicsFile = path.join(root, 'contracts', 'src', 'topics.ts');
  const { source, port, added } = addToServices(readFileSync(topicsFile, 'utf8'), name);
  const composeFile = path.join(root, 'docker-compose.yml');
  const compose = addToCompose(readFileSync(composeFile, 'utf8'), name, port);
  const indexFile = path.join(root, 'contracts', 'src', 'index.ts');
  const index = addToIndex(readFileSync(indexFile, 'utf8'), name);
  const registryFile = path.join(root, 'contracts', 'src', 'http', 'all-routes.ts');
  const registry = addToRegistry(readFileSync(registryFile, 'utf8'), name);

  // Everything is checked; now write.
  for (const [rel, content] of Object.entries(serviceFiles(name))) await write(path.join(dir, rel), content);
  await write(contract, contractFile(name));
  writeFileSync(indexFile, index);
  await write(registryFile, registry);
  if (added) writeFileSync(topicsFile, source);
  writeFileSync(composeFile, compose);
  console.log(`created services/${name} (port ${port}${added ? ', added to SERVICES' : ', already in SERVICES'}) and contracts/src/http/${name}.ts`);

  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (npm.status !== 0) throw new Error('npm install failed; run it yourself to link the new workspace');
  console.log(`
next:
  npx tsc -p tsconfig.json --noEmit
  npx vitest run --project unit services/${name}
  DATABASE_URL=… KAFKA_BROKERS=… npx vitest run --project int services/${name}
  npm start   →  GET http://localhost:8080/api/${name}/ping with a token
`);
};
