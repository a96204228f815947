/**
 * Test health (README "Tests"): a test that takes more than half of
 * its timeout fails, naming its time and its timeout. A machine here can be twice as slow as the
 * one a test was written on, so a test past half its timeout today is a red CI tomorrow; this
 * turns that into a failure on the fast machine, where it can be fixed, instead of a timeout on
 * the slow one. Registered for every test file by vitest.config.ts (`setupFiles`).
 */
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach } from 'vitest';

/** Start of the running test, from the monotonic clock (ms). */
let startedAt = 0;

beforeEach(() => {
  startedAt = performance.now();
});

afterEach((context) => {
  const tookMs = performance.now() - startedAt;
  const timeoutMs = context.task.timeout;
  if (timeoutMs > 0 && tookMs > timeoutMs / 2) {
    throw new Error(`this test took ${Math.round(tookMs)} ms, more than half of its ${timeoutMs} ms timeout: split it or make it cheaper (README "Tests")`);
  }
});
