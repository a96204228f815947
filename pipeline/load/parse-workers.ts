/**
 * Loading many source files on worker threads. Parsing YAML with node
 * positions is most of the CPU time of a large build (10,000 platforms, 29 MB
 * of YAML: about 6 s on one core), and every file parses on its own, so the
 * files are parsed in batches by one worker per core while the main thread
 * waits. The workers send back each file's text, data and YAML problems; the
 * main thread parses a file again only when it needs a position for a later
 * problem (see SourceDocument). Small builds parse on the main thread:
 * starting workers costs more than they save under PARALLEL_PARSE_MIN_FILES.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startPipelineWorker } from '../worker-threads.js';
import { loadYaml, relativeFile, sourceDocument, type SourceDocument } from './load.js';
import type { BuildProblem } from '../problems.js';

/** Fewest files for which parsing on worker threads pays for starting them (a worker starts in about 0.3 s). */
const PARALLEL_PARSE_MIN_FILES = 1_000;

/** Files per message to a worker. */
const BATCH_FILES = 100;

/** A batch of absolute file paths to parse. */
export interface ParseBatch {
  id: number;
  files: string[];
}

/** A worker's answer: one result per file of the batch, in order, or the error that stopped it. */
export type ParsedBatch =
  | { id: number; results: Array<{ text: string; data: unknown; problems: BuildProblem[] }>; error?: undefined }
  | { id: number; error: string; results?: undefined };

type Loaded = { source: SourceDocument; problems: BuildProblem[] };

/** Parses on this thread, in order. */
async function loadHere(root: string, sourcesDir: string, files: readonly string[]): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  for (const file of files) loaded.push(await loadYaml(root, sourcesDir, file));
  return loaded;
}

/**
 * Parses on `threads` worker threads (no fallback: loadYamlFiles adds that).
 * @throws Error when a worker cannot start or fails
 */
export function loadYamlOnWorkers(root: string, sourcesDir: string, files: readonly string[], threads: number): Promise<Loaded[]> {
  const loaded: Loaded[] = new Array(files.length);
  const batches: ParseBatch[] = [];
  for (let start = 0; start < files.length; start += BATCH_FILES) batches.push({ id: start, files: files.slice(start, start + BATCH_FILES) });
  const workers: Worker[] = [];
  return new Promise<Loaded[]>((resolve, reject) => {
    let next = 0;
    let done = 0;
    const finish = (error?: Error) => {
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve(loaded);
    };
    const feed = (worker: Worker) => {
      const batch = batches[next++];
      if (batch) worker.postMessage(batch);
    };
    for (let i = 0; i < Math.min(threads, batches.length); i++) {
      const worker = startPipelineWorker(new URL('./parse-worker.ts', import.meta.url), { root, sourcesDir });
      workers.push(worker);
      worker.on('error', (error) => finish(error));
      worker.on('message', (reply: ParsedBatch) => {
        if (reply.error !== undefined) return finish(new Error(reply.error));
        reply.results.forEach((r, k) => {
          const absolute = files[reply.id + k]!;
          loaded[reply.id + k] = { source: sourceDocument(relativeFile(root, absolute), r.text, r.data), problems: r.problems };
        });
        if (++done === batches.length) finish();
        else feed(worker);
      });
      feed(worker);
    }
  });
}

/**
 * Reads and parses the YAML files, in the order given (the same result as loadYaml on each).
 * Uses worker threads for PARALLEL_PARSE_MIN_FILES files or more on a machine with more than
 * one core, and falls back to this thread if a worker cannot start (e.g. without the tsx loader).
 */
export async function loadYamlFiles(root: string, sourcesDir: string, files: readonly string[]): Promise<Loaded[]> {
  const threads = Math.min(4, availableParallelism());
  if (files.length < PARALLEL_PARSE_MIN_FILES || threads < 2) return loadHere(root, sourcesDir, files);
  try {
    return await loadYamlOnWorkers(root, sourcesDir, files, threads);
  } catch {
    return loadHere(root, sourcesDir, files);
  }
}
