import { defineConfig } from 'vitest/config';

/**
 * The frontend's own tests, as the root config's `unit` project runs them: pure functions (*.unit.test.ts, node) and
 * component tests (*.unit.test.tsx with `// @vitest-environment jsdom`: real routes and providers, MSW for the
 * network; see src/testing/setup.ts). Browser tests live in e2e/.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.unit.test.{ts,tsx}'],
  },
});
