/**
 * Compression of precomputed bodies: brotli or gzip (node:zlib), chosen from
 * Accept-Encoding, computed once per body and kept with it. Bodies under
 * COMPRESS_MIN_BYTES are sent as they are. Each encoding has its own strong
 * ETag (RFC 9110 8.8.3: a different representation).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smallest body worth compressing, bytes. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const cache = { br: new WeakMap<Buffer, Buffer>(), gzip: new WeakMap<Buffer, Buffer>() };

/** The best encoding the caller accepts (br before gzip; q=0 excludes), or null. */
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

/** The body compressed with `encoding`, computed on first use. */
export function compressed(bytes: Buffer, encoding: Encoding): Buffer {
  let out = cache[encoding].get(bytes);
  if (!out) {
    out = encoding === 'br' ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(bytes, { level: 9 });
    cache[encoding].set(bytes, out);
  }
  return out;
}
