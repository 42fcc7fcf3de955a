import { defineConfig } from 'vitest/config';
import BrowserSuiteSequencer from './frontend/e2e/sequencer.ts';

/**
 * Three levels (STYLE.md): *.unit.test.ts (no I/O), *.int.test.ts (real Postgres and Kafka), e2e/*.spec.ts (browser).
 * `npm test` provisions the infrastructure and runs unit+int, then e2e against the running stack.
 */
export default defineConfig({
  test: {
    // The browser suite runs the files that need the stack alone last, its standing guards last of all (see the
    // sequencer); unit and integration files keep vitest's order.
    sequence: { sequencer: BrowserSuiteSequencer },
    // vitest's default is one worker per core less one: a single worker on this 2-core machine. Integration files spend
    // most of their time waiting on PostgreSQL and Kafka (consumer groups joining, events arriving), so four at a time
    // keep both cores busy: the payments integration files take 28 s instead of 56. Each file has its own schema,
    // topics namespace and consumer groups, so files never share state. The browser suite (its own `vitest --project
    // e2e` run) takes two files at a time: one stack and a Chromium per file keep two cores busy, and its lock
    // (frontend/e2e/file-lock.ts) gives the few files that kill services or watch the database the stack alone.
    maxWorkers: process.argv.includes('e2e') ? 2 : 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contracts,services,gateway,frontend,infra}/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // Component tests type into forms with user-event: seconds on a loaded 2-core machine. Outcomes are asserted,
          // never durations, so a longer limit only keeps a busy machine from failing a correct test.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['{services,gateway,infra}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['infra/src/testing/int-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['frontend/e2e/**/*.spec.ts', 'infra/test/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 240_000,
          globalSetup: ['frontend/e2e/global-setup.ts'],
          setupFiles: ['frontend/e2e/file-lock.setup.ts'],
        },
      },
    ],
  },
});
