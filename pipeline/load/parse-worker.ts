/**
 * Worker thread of parse-workers.ts: reads and parses the YAML files it is sent,
 * in batches, and answers with each file's text, plain data and YAML problems.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseYaml, readSourceText, relativeFile } from './load.js';
import type { ParseBatch, ParsedBatch } from './parse-workers.js';

const { root, sourcesDir } = workerData as { root: string; sourcesDir: string };

parentPort!.on('message', (batch: ParseBatch) => {
  let reply: ParsedBatch;
  try {
    reply = {
      id: batch.id,
      results: batch.files.map((absolute) => {
        const read = readSourceText(root, sourcesDir, absolute);
        if ('problem' in read) return { text: '', data: undefined, problems: [read.problem] };
        const { source, problems } = parseYaml(relativeFile(root, absolute), read.text);
        return { text: read.text, data: source.data, problems };
      }),
    };
  } catch (error) {
    reply = { id: batch.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
