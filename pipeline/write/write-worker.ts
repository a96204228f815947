/**
 * The writer thread of write-dist.ts: writes the batches it is sent under the
 * folder in its workerData, and answers once, after END_OF_FILES.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { END_OF_FILES, writeFilesUnder, type WriteBatch, type WriteReply } from './write-files.js';

const { root } = workerData as { root: string };
const made = new Set<string>();
const written: Record<string, { bytes: number; sha256: string }> = {};
let stopped: string | undefined;

parentPort!.on('message', (message: WriteBatch | typeof END_OF_FILES) => {
  if (message === END_OF_FILES) {
    const reply: WriteReply = stopped === undefined ? { done: true, files: written } : { error: stopped };
    parentPort!.postMessage(reply);
    return;
  }
  if (stopped !== undefined) return;
  try {
    writeFilesUnder(root, message.files, made, written);
  } catch (error) {
    stopped = error instanceof Error ? error.message : String(error);
  }
});
