/**
 * The compressed copies of static files the build writes next to each one (issue 40: brotli at
 * quality 9 on the runtime's main thread for every static-file cache miss kept a server at 100 %
 * CPU): `<file>.br` and `<file>.gz` for every file under STATIC_ROOTS of a compressible media type
 * and COMPRESS_MIN_BYTES or more. The runtime sends them as they are (runtime/server/static-files.ts)
 * and never compresses a static file itself. They are listed in the build manifest like every file.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, COMPRESSED_SUFFIX, GZIP_LEVEL, STATIC_ROOTS } from '../../runtime/domain/contract/dist-layout.js';

/** Extensions of text media types worth compressing (images other than SVG are not emitted); `SHA256SUMS` has none. */
const COMPRESSIBLE = /(?:\.(?:html|css|js|json|csv|atom|svg|txt|xml)|\/SHA256SUMS)$/;

/**
 * Brotli quality 5 and gzip level 6: on the real data's 1,166 static files (27.4 MB) quality 5 took
 * 3.7 s for 5.01 MB and quality 9 67 s for 4.92 MB; gzip 6 2.7 s for 5.82 MB, gzip 9 4.1 s for 5.79 MB
 * (docs/performance.md "Compression").
 */
const BROTLI_QUALITY = 5;

/** The compressed copies of the file at `relPath` (dist-relative) as [path, bytes] pairs; none for a file that gets none. */
export function compressedCopies(relPath: string, bytes: Uint8Array): Array<[string, Buffer]> {
  if (bytes.byteLength < COMPRESS_MIN_BYTES || !COMPRESSIBLE.test(`/${relPath}`)) return [];
  if (!(STATIC_ROOTS as readonly string[]).includes(relPath.split('/', 1)[0]!)) return [];
  return [
    [
      `${relPath}${COMPRESSED_SUFFIX.br}`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
    ],
    [`${relPath}${COMPRESSED_SUFFIX.gzip}`, gzipSync(bytes, { level: GZIP_LEVEL })],
  ];
}
