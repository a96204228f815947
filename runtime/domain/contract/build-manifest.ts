/**
 * The build manifest, `dist/build-manifest.json`: every file the build wrote (except
 * itself) with its size in bytes and SHA-256. The build writes it last; the runtime
 * checks it before it serves a dist (start and SIGHUP): every listed file must exist
 * with its size, and each file is checked against its SHA-256 when it is read, so a
 * truncated or half-written file is never served (docs/operations.md "Reload").
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Its path under dist/. */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';

export const BuildManifestSchema = z.strictObject({
  files: z.record(z.string(), z.strictObject({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BuildManifest = z.infer<typeof BuildManifestSchema>;

/** SHA-256 (hex) of file contents; text is hashed as UTF-8, as it is written. */
export function sha256Hex(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex');
}
