import { defineConfig } from 'vitest/config';

/** Pure-function tests only: node environment, no DOM. Browser tests live in e2e/. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.unit.test.ts'],
  },
});
