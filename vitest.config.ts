import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a test past half of its timeout fails (README "Tests": a machine here can be twice as slow)
    setupFiles: ['test/setup/half-timeout.ts'],
    // The evaluation date of every build a test makes (and of the processes it starts): 2026-06-30,
    // the as_of of the fixtures, so no result depends on the day the suite runs.
    env: { SOURCE_DATE_EPOCH: '1782777600' },
  },
});
