import { defineConfig } from 'vitest/config';
import GuardsLastSequencer from './frontend/e2e/sequencer.ts';

/**
 * Three levels (STYLE.md): *.unit.test.ts (no I/O), *.int.test.ts (real Postgres and Kafka), e2e/*.spec.ts (browser).
 * `npm test` provisions the infrastructure and runs unit+int, then e2e against the running stack.
 */
export default defineConfig({
  test: {
    // The browser suite runs its standing guards last (see the sequencer); unit and integration files keep vitest's order.
    sequence: { sequencer: GuardsLastSequencer },
    // vitest's default is one worker per core less one: a single worker on this 2-core machine. Integration files spend
    // most of their time waiting on PostgreSQL and Kafka (consumer groups joining, events arriving), so four at a time
    // keep both cores busy: the payments integration files take 28 s instead of 56. Each file has its own schema,
    // topics namespace and consumer groups, so files never share state. The browser project runs its files one at a
    // time: the stack and Chromium already keep both cores busy (two files at a time made the phase no shorter and each
    // file three times slower: the landing spec 92 s → 265 s), and some files kill services or watch the database.
    maxWorkers: 4,
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
          // expect.poll without its own timeout gives up after 1 s by default: too short for an event through Kafka on
          // a loaded machine. A poll that never holds still fails; one that holds late no longer does.
          expect: { poll: { timeout: 20_000, interval: 50 } },
          globalSetup: ['infra/testing/int-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['frontend/e2e/**/*.spec.ts', 'infra/test/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 20_000, interval: 100 } },
          fileParallelism: false,
          globalSetup: ['frontend/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
