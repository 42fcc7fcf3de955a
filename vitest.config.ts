import { defineConfig } from 'vitest/config';
import GuardsLastSequencer from './infra/src/testing/guards-last-sequencer.ts';

/**
 * Three levels (STYLE.md): *.unit.test.ts (no I/O), *.int.test.ts (real Postgres and Kafka), e2e/*.spec.ts (browser).
 * `npm test` provisions the infrastructure and runs unit+int, then e2e against the running stack.
 */
export default defineConfig({
  test: {
    // The browser suite runs its standing guards last (see the sequencer); unit and integration files keep vitest's order.
    sequence: { sequencer: GuardsLastSequencer },
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
          fileParallelism: false,
          globalSetup: ['frontend/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
