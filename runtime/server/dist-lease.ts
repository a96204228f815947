/**
 * The mark a runtime leaves in the build folder it serves (issue 40: after two `npm run build`
 * runs under a running server, the folder it read pages from lazily was removed and it answered
 * 404 for pages it had served). While the mark names a running process, builds keep the folder
 * (pipeline/write/write-dist.ts); the runtime removes its mark when it moves to another build
 * folder or closes. Best effort: on a read-only dist/ (a container image) no mark can be written,
 * and none is needed, as no build runs there.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVED_BY_PREFIX } from '../domain/contract/dist-layout.js';

/** The mark of this process in the build folder `root` (dist/ resolved); resolves nothing, throws nothing. @returns removes the mark */
export function markServed(root: string): () => void {
  const file = path.join(root, `${SERVED_BY_PREFIX}${process.pid}`);
  try {
    writeFileSync(file, '');
  } catch {
    return () => undefined;
  }
  return () => rmSync(file, { force: true });
}
