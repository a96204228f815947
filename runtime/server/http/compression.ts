/**
 * Compression of the answers made in memory: brotli or gzip (node:zlib), chosen from
 * Accept-Encoding, computed once per body and kept with it. Bodies under COMPRESS_MIN_BYTES or
 * over COMPRESS_MAX_BYTES are sent as they are. Each encoding has its own strong ETag (RFC 9110
 * 8.8.3: a different representation). Static files are never compressed here: the build writes
 * their compressed copies (pipeline/write/compressed-copies.ts) and they are sent as they are.
 *
 * Brotli quality 4 and gzip level 6 (issue 40: quality 9 cost 6.2 ms of CPU per varied
 * /v1/savings-interest answer against 0.28 ms uncompressed): on a 15.9 KB savings answer quality 4
 * took about 0.17 ms for 2,695 bytes, quality 9 16 ms for 2,488 (docs/performance.md "Compression").
 * Compression runs on the main thread, so a computed answer is compressed only up to
 * COMPRESS_MAX_BYTES (about 3 ms at quality 4), a precomputed API body (compressed once per loaded
 * dist) up to PRECOMPUTED_COMPRESS_MAX_BYTES.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, GZIP_LEVEL } from '../../domain/contract/dist-layout.js';

/** Largest computed answer compressed on the main thread, bytes (256 KiB); larger ones are sent as they are. */
const COMPRESS_MAX_BYTES = 262_144;

/**
 * Largest precomputed API body compressed here, bytes (1 MiB: openapi.json is about 300 KB). The
 * build writes a fixed set of them, each compressed once per loaded dist and kept with its bytes,
 * so a client cannot make the server compress more than that set (about 12 ms once at 1 MiB).
 */
export const PRECOMPUTED_COMPRESS_MAX_BYTES = 1_048_576;

const BROTLI_QUALITY = 4;

export type Encoding = 'br' | 'gzip';

const cache = { br: new WeakMap<Buffer, Buffer>(), gzip: new WeakMap<Buffer, Buffer>() };

/** The best encoding the caller accepts (br before gzip; q=0 excludes), or null; null too for a body under COMPRESS_MIN_BYTES. */
export function pickEncoding(acceptEncoding: string | null, size: number): Encoding | null {
  if (!acceptEncoding || size < COMPRESS_MIN_BYTES) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

/**
 * The body compressed with `encoding`, computed on first use and kept with the body; undefined for
 * a body over `maxBytes` (sent as it is).
 * @param maxBytes COMPRESS_MAX_BYTES for computed answers, PRECOMPUTED_COMPRESS_MAX_BYTES for the build's API bodies
 */
export function compressed(bytes: Buffer, encoding: Encoding, maxBytes: number = COMPRESS_MAX_BYTES): Buffer | undefined {
  if (bytes.length > maxBytes) return undefined;
  let out = cache[encoding].get(bytes);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
        : gzipSync(bytes, { level: GZIP_LEVEL });
    cache[encoding].set(bytes, out);
  }
  return out;
}
