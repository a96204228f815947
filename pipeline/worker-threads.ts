/**
 * Starting the pipeline's worker threads (YAML parsing, writing dist/), from the
 * TypeScript sources or from the bundle (scripts/bundles.ts, build/pipeline/).
 * From the sources, a worker thread does not get the loader the main thread was
 * started with, so its entry loads the module through tsx's API: it runs wherever
 * the build runs (`tsx pipeline/cli.ts`, vitest, `node --import tsx`). From the
 * bundle, the entry is the bundled file of the same name next to this chunk.
 */
import { Worker } from 'node:worker_threads';

/** Whether this module runs from the TypeScript sources (else from the bundle). */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * Starts a worker thread running `module` (the file URL of a pipeline .ts file, e.g.
 * `new URL('./load/parse-worker.ts', import.meta.url)`) with `workerData`. From the sources it
 * costs about 0.3 s (tsx compiles the module and its imports); bundled, a few tens of ms.
 * A module that fails to load arrives as the worker's 'error' event.
 */
export function startPipelineWorker(module: URL, workerData: unknown): Worker {
  if (!FROM_SOURCES) return new Worker(new URL(module.href.replace(/\.ts$/, '.js')), { workerData });
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData });
}
