/**
 * Worker thread of parse-workers.ts: reads and parses the YAML files it is sent,
 * in batches, and answers with each file's text, plain data and YAML problems.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseYaml, relativeFile } from './load.js';
import type { ParseBatch, ParsedBatch } from './parse-workers.js';

const { root } = workerData as { root: string };

parentPort!.on('message', (batch: ParseBatch) => {
  let reply: ParsedBatch;
  try {
    reply = {
      id: batch.id,
      results: batch.files.map((absolute) => {
        const text = readFileSync(absolute, 'utf8');
        const { source, problems } = parseYaml(relativeFile(root, absolute), text);
        return { text, data: source.data, problems };
      }),
    };
  } catch (error) {
    reply = { id: batch.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
