// `npm start`, `npm test` and friends land here (through infra/bin/akhada, which brought Node 24 and the packages).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.ts';
import { onShutdown } from './processes.ts';
import { provision } from './provision.ts';
import { DEMO, seedDemo } from '../seed/seed.ts';
import { startStack } from './stack.ts';
import { slowestLines, type Timings } from '../testing/timings-reporter.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/**
 * Runs a command; resolves with its exit code. Its output goes to our terminal as it comes, or, with `quiet`, is kept
 * and printed in one piece when it ends (for commands that run side by side, so their lines never interleave).
 */
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}, { quiet = false }: { quiet?: boolean } = {}): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
    });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => kept.push(b));
    child.stderr?.on('data', (b: Buffer) => kept.push(b));
    const done = (code: number) => {
      if (kept.length > 0) process.stderr.write(Buffer.concat(kept));
      resolve(code);
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });

/** Runs the tasks at most `width` at a time, in order; resolves when all have ended. */
const inParallel = async (width: number, tasks: (() => Promise<unknown>)[]): Promise<void> => {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
};

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
};

/** Builds the frontend when its sources (or the contracts) are newer than the last build. */
const buildFrontend = async (force = false): Promise<void> => {
  const index = path.join(root, 'frontend', 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, 'frontend')), newestMtime(path.join(root, 'contracts', 'src')));
  if (!force && built > sources) return;
  console.error('[akhada] building the frontend');
  const code = await run('npm', ['run', 'build', '-w', '@akhada/frontend', '--silent']);
  if (code !== 0) throw new Error('the frontend build failed');
};

const TYPECHECK = ['tsconfig.json', 'frontend/tsconfig.json'];
/** TypeScript 7 (package typescript-7); `typescript` itself stays 5.9 for typescript-eslint and the tests that use its API. */
const TSC = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');

async function start(): Promise<void> {
  const infra = await provision({
    root,
    database: process.env.AKHADA_DB ?? 'akhada',
    smtp: { smtpPort: 2525, httpPort: 8025 },
    whatsapp: { port: 8026 },
    sms: { port: 8027 },
  });
  onShutdown(() => infra.stop());
  await buildFrontend();
  const port = Number(process.env.GATEWAY_PORT ?? 8080);
  const stack = await startStack({
    root,
    databaseUrl: infra.databaseUrl,
    brokers: infra.brokers,
    portOffset: 0,
    gatewayPort: port,
    smtpPort: 2525,
    whatsappPort: 8026,
    smsPort: 8027,
    appUrl: `http://localhost:${port}`,
    logLevel: process.env.LOG_LEVEL ?? 'info',
  });
  await seedDemo(stack.gatewayUrl);
  console.log(`
  Akhada is running: http://localhost:${port}

  Demo sign-ins (password for all: ${DEMO.password})
    owner    ${DEMO.owner.email}    (both locations)
    admin    ${DEMO.admin.email}    (${DEMO.cities[1]})
    trainer  ${DEMO.trainer.email}  (${DEMO.cities[0]})

  Razorpay stand-in (test payments, no money moves): ${stack.razorpayUrl}/__standin/webhooks
  Mail sent by the product (password resets, notifications): http://127.0.0.1:8025/messages
  WhatsApp messages sent by the product (local stand-in): http://127.0.0.1:8026/messages
  SMS sent by the product (DLT stand-in; register a template's DLT id with POST /control/templates): http://127.0.0.1:8027/messages
  Google sign-in stand-in (OpenID Connect, any email): ${stack.oidcUrl}/.well-known/openid-configuration
  Press Ctrl-C to stop everything this command started.
`);
  await new Promise(() => {}); // until Ctrl-C (onShutdown stops the processes, then Kafka/PostgreSQL if we started them)
}

/**
 * The standing guards (frontend/e2e/bad-input.spec.ts and friends) send a sample of their cases, chosen by a seed that
 * changes every run; `npm run test:full` (nightly) sends every case. The seed is printed first and again in the summary.
 */
const guardSeed = (): string =>
  process.env.GUARD_SEED?.trim() || `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(2).toString('hex')}`;

/** Where each vitest run writes its timings (infra/testing/timings-reporter.ts), for the summary. */
const timingsFile = (phase: string) => path.join(root, '.data', 'test-timings', `${phase}.json`);
const vitestArgs = (...projects: string[]) => [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  // The default reporter stays (its "Tests N passed" line is what CI reads); the second one only writes a file.
  '--reporter=default',
  '--reporter=./infra/testing/timings-reporter.ts',
];

async function test({ full = false }: { full?: boolean } = {}): Promise<void> {
  const t0 = Date.now();
  const seed = guardSeed();
  const guards = full ? 'every case (test:full)' : `a sample, seed ${seed} (the same again: GUARD_SEED=${seed} npm test; every case: npm run test:full)`;
  console.error(`[test] standing guards: ${guards}`);
  const steps: { name: string; code: number; seconds: number; timings?: string }[] = [];
  const step = async (name: string, fn: () => Promise<number>, timings?: string) => {
    const s = Date.now();
    console.error(`\n[test] ── ${name}`);
    if (timings) rmSync(timings, { force: true });
    const code = await fn();
    steps.push({ name, code, seconds: (Date.now() - s) / 1000, ...(timings ? { timings } : {}) });
    if (timings === undefined) console.error(`[test] ── ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - s) / 1000).toFixed(0)} s`);
    return code;
  };
  const hint = (fix: string) => (code: number) => {
    if (code !== 0) console.error(`[test] ${fix}`);
    return code;
  };

  // PostgreSQL, Kafka and the browser are made ready while the checks that need no infrastructure run. They run two at
  // a time (this machine has two cores); each one's output is printed in one piece when it ends. ESLint's typed rules
  // (one TypeScript 5 program, single-threaded: typescript-eslint needs TypeScript's JavaScript API) are the longest,
  // so they start first and have a lane to themselves, while the other lane type-checks with TypeScript 7 (the native
  // compiler, 2-3x faster than 5.9 here: 13 s instead of 35 for the backend) and then checks formatting and boundaries.
  const readySince = Date.now();
  const ready = Promise.all([provision({ root, database: 'akhada_test', fresh: true }), ensureChromium()]).then((done) => {
    steps.push({ name: 'PostgreSQL, Kafka and Chromium ready (beside the checks)', code: 0, seconds: (Date.now() - readySince) / 1000 });
    return done;
  });
  ready.catch(() => undefined);
  await inParallel(2, [
    () =>
      step('lint (ESLint)', () =>
        run('npm', ['run', '--silent', 'lint:code'], {}, { quiet: true }).then(
          hint('fix what ESLint lists; `npx eslint --fix <file>` fixes some rules by itself'),
        ),
      ),
    () => step(`typecheck ${TYPECHECK[0]}`, () => run(TSC, ['-p', TYPECHECK[0]!, '--noEmit'], {}, { quiet: true })),
    () => step(`typecheck ${TYPECHECK[1]}`, () => run(TSC, ['-p', TYPECHECK[1]!, '--noEmit'], {}, { quiet: true })),
    () =>
      step('format check (Prettier)', () =>
        run(bin('prettier'), ['--check', '--log-level', 'warn', '.'], {}, { quiet: true }).then(
          hint('the files listed are not formatted: run `npm run format`'),
        ),
      ),
    () =>
      step('import boundaries (dependency-cruiser, .dependency-cruiser.mjs)', () =>
        run('npm', ['run', '--silent', 'lint:boundaries'], {}, { quiet: true }).then(
          hint('each violation listed names its rule; the rule says where the import belongs instead'),
        ),
      ),
  ]);
  const [infra] = await ready;
  onShutdown(() => infra.stop());
  const env = {
    DATABASE_URL: infra.databaseUrl,
    KAFKA_BROKERS: infra.brokers.join(','),
    AKHADA_ROOT: root,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    GUARD_SEED: seed,
    GUARD_FULL: full ? '1' : '0',
  };

  const unitInt = timingsFile('unit-int');
  await step(
    'unit and integration tests (real PostgreSQL and Kafka)',
    () => run(bin('vitest'), vitestArgs('unit', 'int'), { ...env, AKHADA_TIMINGS_FILE: unitInt }),
    unitInt,
  );
  await step('frontend build', async () => {
    await buildFrontend(true);
    return 0;
  });
  const browser = timingsFile('e2e');
  await step(
    'browser and system tests (headless Chromium against the running stack)',
    () => run(bin('vitest'), vitestArgs('e2e'), { ...env, AKHADA_TIMINGS_FILE: browser }),
    browser,
  );

  console.error('\n[test] summary');
  for (const s of steps) {
    console.error(`  ${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(0)} s)`);
    if (s.timings && existsSync(s.timings)) for (const line of slowestLines(JSON.parse(readFileSync(s.timings, 'utf8')) as Timings)) console.error(line);
  }
  console.error(`  standing guards: ${guards}`);
  console.error(`  total ${((Date.now() - t0) / 1000).toFixed(0)} s (budget: 20 min)`);
  await infra.stop();
  const failed = steps.filter((s) => s.code !== 0).length;
  process.exit(failed === 0 ? 0 : 1);
}

async function infraOnly(): Promise<void> {
  const infra = await provision({ root, database: process.env.AKHADA_DB ?? 'akhada' });
  console.log(`DATABASE_URL=${infra.databaseUrl}\nKAFKA_BROKERS=${infra.brokers.join(',')}`);
}

async function seedOnly(): Promise<void> {
  const url = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  console.log((await seedDemo(url)) ? 'seeded' : 'the demo already exists');
}

const commands: Record<string, () => Promise<void>> = {
  start,
  test: () => test(),
  // Nightly: the same steps with the standing guards' full sweep (every bad case of every route).
  'test-full': () => test({ full: true }),
  infra: infraOnly,
  seed: seedOnly,
  bench: async () => (await import('../bench/gateway-overhead.ts')).main(root),
  'bench-members': async () => (await import('../bench/members-search.ts')).main(root),
  'bench-checkin': async () => (await import('../bench/checkin.ts')).main(root),
  'bench-booking': async () => (await import('../bench/booking.ts')).main(root),
  'bench-dashboard': async () => (await import('../bench/dashboard.ts')).main(root),
  'bench-chat': async () => (await import('../bench/chat.ts')).main(root),
  'bench-export': async () => (await import('../bench/export.ts')).main(root),
  'bench-campaign': async () => (await import('../bench/campaign.ts')).main(root),
  chaos: async () => (await import('../chaos/chaos.ts')).main(root),
  soak: async () => (await import('../chaos/soak.ts')).main(root),
  'new-service': async () => (await import('../new-service/new-service.ts')).main(root, process.argv.slice(3)),
};

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error(`usage: akhada <${Object.keys(commands).join('|')}>`);
  process.exit(64);
}
command().catch((err: unknown) => {
  console.error(`[akhada] ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
