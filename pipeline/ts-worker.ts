/**
 * Worker threads that run one of the pipeline's TypeScript modules. A worker
 * thread does not get the loader the main thread was started with, so its
 * entry loads the module through tsx's API: it runs wherever the build runs
 * (`tsx pipeline/cli.ts`, vitest, `node --import tsx`).
 */
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread running `module` (the file URL of a .ts file) with `workerData`.
 * Starting one costs about 0.3 s (tsx compiles the module and its imports); a module that
 * fails to load arrives as the worker's 'error' event.
 */
export function startTsWorker(module: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData });
}
