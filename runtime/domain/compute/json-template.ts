/**
 * JSON texts with holes, for answers computed on every request whose shape is fixed per dataset
 * (docs/performance.md): the text around the changing values is made once, as bytes, by
 * JSON.stringify of the same object with a mark in each hole; a request writes those bytes and the
 * JSON text of its values into one Buffer. The result is the text JSON.stringify would give for
 * the filled object (held byte-identical by tests over random inputs); it skips JSON.stringify's
 * walk over many small objects and the copy of a string into a Buffer.
 */

/** The mark of a hole: a string no data holds (NUL characters), JSON-escaped in the text. */
export const holeMark = (name: string): string => `\u0000hole:${name}\u0000`;

/**
 * The fixed text of `value`'s JSON around its holes, in text order: holes.length + 1 strings.
 * @param holes the names of the marks (holeMark) in `value`, in the order they appear in its JSON text
 * @throws Error when a mark is missing or out of order (a template that would not match its object)
 */
export function jsonTextFragments(value: unknown, holes: readonly string[]): string[] {
  const text = JSON.stringify(value);
  const fragments: string[] = [];
  let at = 0;
  for (const name of holes) {
    const token = JSON.stringify(holeMark(name));
    const found = text.indexOf(token, at);
    if (found < 0) throw new Error(`JSON template: hole "${name}" missing or out of order`);
    fragments.push(text.slice(at, found));
    at = found + token.length;
  }
  fragments.push(text.slice(at));
  return fragments;
}

/** jsonTextFragments as UTF-8 bytes, for joinJson. */
export function jsonFragments(value: unknown, holes: readonly string[]): Buffer[] {
  return jsonTextFragments(value, holes).map((text) => Buffer.from(text));
}

/** Strings up to this many characters are written by a loop (a native call per short string cost more than the copy). */
const SHORT_STRING = 64;

/** The UTF-8 byte length of a string that is all ASCII; -1 otherwise. */
function asciiLength(s: string): number {
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) > 0x7f) return -1;
  return s.length;
}

/**
 * Fixed fragments (Buffers) and JSON texts of values (strings) written into one Buffer of the exact
 * size. Short ASCII strings are copied byte by byte and fragments with TypedArray.set: a few hundred
 * pieces per answer, where a native Buffer call each (write, copy, byteLength) cost more than the bytes.
 */
export function joinJson(pieces: ReadonlyArray<Buffer | string>): Buffer {
  let length = 0;
  for (const p of pieces) {
    if (typeof p !== 'string') length += p.length;
    else {
      const ascii = p.length <= SHORT_STRING ? asciiLength(p) : -1;
      length += ascii >= 0 ? ascii : Buffer.byteLength(p);
    }
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const p of pieces) {
    if (typeof p !== 'string') {
      out.set(p, at);
      at += p.length;
    } else if (p.length <= SHORT_STRING && asciiLength(p) >= 0) {
      for (let k = 0; k < p.length; k++) out[at++] = p.charCodeAt(k);
    } else {
      at += out.write(p, at);
    }
  }
  return out;
}

/** Hundredths from 0 to 100 (scores, contributions, coverage and weights): their JSON texts are kept once made. */
const HUNDREDTHS = 10_000;
const hundredthTexts: string[] = [];

/**
 * The JSON text of a number, as JSON.stringify writes it (null for NaN and the infinities). A number that is a whole count of
 * hundredths from 0 to 100 (most numbers of a comparison: one-decimal scores and two-decimal
 * weights) takes its text from a table filled on use: converting a fraction to text is most of the
 * cost of writing such an answer, and each of these values recurs across answers.
 */
export function numberJson(n: number): string {
  const k = Math.round(n * 100);
  if (k >= 0 && k <= HUNDREDTHS && k / 100 === n) return (hundredthTexts[k] ??= String(n));
  return Number.isFinite(n) ? String(n) : 'null'; // JSON.stringify writes NaN and the infinities as null
}
