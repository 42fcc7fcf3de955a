/**
 * `npm run new:service -- <name>`: creates services/<name> in the skeleton of services/README.md and wires it in.
 *
 * - services/<name>/: package.json, tsconfig.json, src/main.ts, src/build-app.ts, src/app/deps.ts, an example query use
 *   case (src/app/ping.ts) with its route (src/http/routes.ts), src/db/{schema,migrations,examples-repo}.ts, an example
 *   decider with a given/when/then unit test, and an integration test (buildApp against PostgreSQL, app.inject, a test token).
 * - contracts/src/http/<name>.ts: the route contract (GET /<name>/ping), exported from contracts/src/index.ts.
 * - contracts/src/topics.ts: <name> in SERVICES with the next free port, unless it is there already. That one table gives
 *   the service its topic (akhada.<name>.events), its gateway prefix (/api/<name>/*), its <NAME>_URL and its place in
 *   `npm start` / `npm test` (infra/src/stack.ts starts every SERVICES entry that has a src/main.ts).
 * - docker-compose.yml: a block for the service and its URL for the gateway.
 * - `npm install`, so the new workspace is linked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

export const serviceFiles = (name: string): Record<string, string> => {
  const P = pascal(name);
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@akhada/${name}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        scripts: { start: 'node --import tsx src/main.ts' },
        dependencies: { '@akhada/contracts': '*', '@akhada/kit': '*', kysely: '^0.29.9', zod: '4.6.7' },
      },
      null,
      2,
    )}\n`,
    'tsconfig.json': `{ "extends": "../../tsconfig.base.json", "compilerOptions": { "types": ["node"] }, "include": ["src/**/*.ts", "test/**/*.ts"] }\n`,
    'src/main.ts': `import { SERVICES } from '@akhada/contracts';
import { BaseConfig, bootRuntime, loadConfig, serveService } from '@akhada/kit';
import { z } from 'zod';
import { buildApp } from './build-app.ts';
import { migrations } from './db/migrations.ts';
import type { ${P}Db } from './db/schema.ts';

// Composition root: config, runtime (logger, schema migrated, bus, verifier, outbox relay), the app, serve, close
// (consumers of other services' events: startConsumerGroups, passed to serveService).
const config = loadConfig(BaseConfig.extend({ PORT: z.coerce.number().int().min(1).max(65535).default(SERVICES.${name}.port) }));
const runtime = await bootRuntime<${P}Db>({ name: '${name}', config, migrations });
const { logger, verifier, readiness, dbh } = runtime;
const app = buildApp({ logger, verifier, readiness, db: dbh.db, clock: () => new Date() });
await serveService({ app, config, runtime, consumers: [] });
`,
    'src/build-app.ts': `import { createService } from '@akhada/kit';
import type { AppDeps } from './app/deps.ts';
import { registerRoutes } from './http/routes.ts';

/** The ${name} HTTP app from its dependencies, not listening: main.ts serves it, tests call \`app.inject()\`. */
export const buildApp = ({ logger, verifier, readiness, db, clock }: AppDeps) => {
  const svc = createService({ name: '${name}', logger, verifier, readiness });
  registerRoutes(svc, { db, clock });
  return svc.app;
};
`,
    'src/app/deps.ts': `import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { ${P}Db } from '../db/schema.ts';

/** What the use cases need; each takes \`Pick<${P}Deps, ...>\` of it. */
export interface ${P}Deps {
  db: Kysely<${P}Db>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, ${P}Deps {}
`,
    'src/app/ping.ts': `import type { ${P}Ping } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { countExamples } from '../db/examples-repo.ts';
import type { ${P}Deps } from './deps.ts';

/** An example query: who is asking (from the verified token only) and how many examples their organization has. */
export const ping = async (deps: Pick<${P}Deps, 'db' | 'clock'>, ctx: RequestContext): Promise<${P}Ping> => ({
  service: '${name}',
  orgId: ctx.orgId,
  role: ctx.role,
  examples: await countExamples(deps.db, ctx.orgId),
  at: deps.clock().toISOString(),
});
`,
    'src/http/routes.ts': `import { ${name}Routes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { ${P}Deps } from '../app/deps.ts';
import { ping } from '../app/ping.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: ${P}Deps): void => {
  addRoute(svc, ${name}Routes.ping, async ({ ctx }) => ({ success: true, data: await ping(deps, ctx) }));
};
`,
    'src/db/schema.ts': `import type { KitTables } from '@akhada/kit';

/** An example table; replace it with the service's own. */
export interface ExamplesTable {
  id: string;
  org_id: string;
  created_at: Date;
}

export interface ${P}Db extends KitTables {
  examples: ExamplesTable;
}
`,
    'src/db/migrations.ts': `import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_examples': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('examples')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('org_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
        .execute();
      await db.schema.createIndex('examples_org_idx').on('examples').column('org_id').execute();
    },
  },
};
`,
    'src/db/examples-repo.ts': `import type { Executor } from '@akhada/kit';
import type { ${P}Db } from './schema.ts';

/** Repositories take an Executor (the pool or a transaction) first, and every query is scoped by organization. */
export const countExamples = async (db: Executor<${P}Db>, orgId: string): Promise<number> =>
  (await db.selectFrom('examples').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n;
`,
    'src/domain/example/decider.ts': `import { DomainError, type Decider } from '@akhada/kit/domain';

/** An example decider: pure (time and ids come in on the command), a union state, exhaustive switches. */
export interface OpenExample {
  type: 'OpenExample';
  data: { exampleId: string; orgId: string; title: string; openedAt: string };
}
export type ExampleCommand = OpenExample;

export interface ExampleOpened {
  type: 'ExampleOpened';
  data: OpenExample['data'];
}
export type ExampleEvent = ExampleOpened;

export type ExampleState = { status: 'None' } | { status: 'Open'; exampleId: string; title: string };

export const exampleStreamId = (exampleId: string): string => \`example-\${exampleId}\`;

const assertNever = (x: never): never => {
  throw new Error(\`Unhandled: \${JSON.stringify(x)}\`);
};

export const exampleDecider: Decider<ExampleCommand, ExampleEvent, ExampleState> = {
  initialState: () => ({ status: 'None' }),
  decide(command, state) {
    switch (command.type) {
      case 'OpenExample': {
        if (state.status !== 'None') throw new DomainError('CONFLICT', 'This example is already open');
        if (!command.data.title.trim()) throw new DomainError('VALIDATION_FAILED', 'A title is required', 400);
        return [{ type: 'ExampleOpened', data: command.data }];
      }
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ExampleOpened':
        return { status: 'Open', exampleId: event.data.exampleId, title: event.data.title };
      default:
        return state; // events this version does not know change nothing
    }
  },
};
`,
    'src/domain/example/decider.unit.test.ts': `import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { exampleDecider, type ExampleOpened, type OpenExample } from './decider.ts';

const given = DeciderSpecification.for(exampleDecider);
const data = { exampleId: '0198a7c0-0000-7000-8000-000000000001', orgId: '0198a7c0-0000-7000-8000-0000000000aa', title: 'First', openedAt: '2025-03-10T04:30:00.000Z' };
const open = (overrides: Partial<OpenExample['data']> = {}): OpenExample => ({ type: 'OpenExample', data: { ...data, ...overrides } });
const opened: ExampleOpened = { type: 'ExampleOpened', data };

describe('${name} example decider', () => {
  it('opens an example', () => given([]).when(open()).then([opened]));
  it('refuses to open it twice', () => given([opened]).when(open()).thenThrows(DomainError, (e) => e.code === 'CONFLICT' && e.status === 409));
  it('refuses an empty title with a 400', () => given([]).when(open({ title: '  ' })).thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED' && e.status === 400));
});
`,
    [`test/${name}.int.test.ts`]: `import { ErrorBody, ${name}Routes } from '@akhada/contracts';
import { createDb, createLogger, createTokenVerifier, migrate, RevocationList, type DbHandle } from '@akhada/kit';
import { createTestKeys, dropSchema, testInfra, uniqueSchema } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import type { ${P}Db } from '../src/db/schema.ts';

// The ${name} service's app against the real PostgreSQL, in a schema of its own, called with app.inject().
let databaseUrl: string;
let dbh: DbHandle<${P}Db>;
let app: ReturnType<typeof buildApp>;
let keys: Awaited<ReturnType<typeof createTestKeys>>;
const schema = uniqueSchema('${name}');
const orgA = randomUUID();
const orgB = randomUUID();
const now = new Date('2025-03-11T00:30:00.000Z');

beforeAll(async () => {
  ({ databaseUrl } = await testInfra());
  dbh = createDb<${P}Db>({ url: databaseUrl, schema });
  await migrate(dbh, migrations);
  keys = await createTestKeys();
  const verifier = createTokenVerifier({ keys: keys.keys, revocations: new RevocationList() });
  app = buildApp({ logger: createLogger('${name}-test', 'silent'), verifier, readiness: { database: () => sql\`select 1\`.execute(dbh.db) }, db: dbh.db, clock: () => now });
  await dbh.db.insertInto('examples').values([{ id: randomUUID(), org_id: orgA, created_at: now }, { id: randomUUID(), org_id: orgB, created_at: now }]).execute();
});

afterAll(async () => {
  await app?.close();
  await dbh?.close();
  await dropSchema(databaseUrl, schema);
});

describe('GET ${'/'}${name}/ping', () => {
  it('answers the caller, from the token, in the contract’s shape, counting only their organization', async () => {
    const token = await keys.sign({ orgId: orgA, role: 'admin', locationIds: [randomUUID()] });
    const res = await app.inject({ method: 'GET', url: '/${name}/ping', headers: { authorization: \`Bearer \${token}\` } });
    expect(res.statusCode, res.body).toBe(200);
    const body = ${name}Routes.ping.responses[200].parse(res.json());
    expect(body.data).toEqual({ service: '${name}', orgId: orgA, role: 'admin', examples: 1, at: now.toISOString() });
  });

  it('asks for a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/${name}/ping' });
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json()).code).toBe('UNAUTHENTICATED');
  });
});
`,
  };
};

export const contractFile = (name: string): string => {
  const P = pascal(name);
  return `import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /${name}/ping answers: an example to replace with the service's real contracts. */
export const ${P}Ping = z.object({
  service: z.literal('${name}'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type ${P}Ping = z.infer<typeof ${P}Ping>;

export const ${name}Routes = {
  ping: route({
    method: 'GET',
    path: '/${name}/ping',
    responses: { 200: ok(${P}Ping), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the ${name} service: who is calling and how many examples the organization has.',
  }),
} as const;
`;
};

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
  const index = readFileSync(indexFile, 'utf8');
  const exportLine = `export * from './http/${name}.ts';`;
  const registryFile = path.join(root, 'contracts', 'src', 'http', 'all-routes.ts');
  const registry = addToRegistry(readFileSync(registryFile, 'utf8'), name);

  // Everything is checked; now write.
  for (const [rel, content] of Object.entries(serviceFiles(name))) await write(path.join(dir, rel), content);
  await write(contract, contractFile(name));
  if (!index.includes(exportLine)) writeFileSync(indexFile, index.replace(/(export \* from '\.\/http\/route\.ts';\n)/, `$1${exportLine}\n`));
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
