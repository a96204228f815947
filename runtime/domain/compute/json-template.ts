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
 * The fixed fragments of `value`'s JSON text around its holes, in text order, as UTF-8 bytes for
 * JsonWriter: holes.length + 1 Buffers.
 * @param holes the names of the marks (holeMark) in `value`, in the order they appear in its JSON text
 * @throws Error when a mark is missing or out of order (a template that would not match its object)
 */
export function jsonFragments(value: unknown, holes: readonly string[]): Buffer[] {
  const text = JSON.stringify(value);
  const fragments: Buffer[] = [];
  let at = 0;
  for (const name of holes) {
    const token = JSON.stringify(holeMark(name));
    const found = text.indexOf(token, at);
    if (found < 0) throw new Error(`JSON template: hole "${name}" missing or out of order`);
    fragments.push(Buffer.from(text.slice(at, found)));
    at = found + token.length;
  }
  fragments.push(Buffer.from(text.slice(at)));
  return fragments;
}

/** Hundredths from 0 to 100 (scores, contributions, coverage and weights): their JSON texts are kept once made. */
const HUNDREDTHS = 10_000;
const hundredthTexts: string[] = [];
/** Whole cents below 2^31 (USD 21,474,836.47, above the largest balance the calculators take) are written digit by digit. */
const CENTS_LIMIT = 2 ** 31;

/**
 * `n` as a whole count of cents when it is one from 0 to 2^31 - 1 (n x 100 is an integer k and
 * k / 100 is exactly n), else Infinity. Below 2^31 / 100 a double is within 2^-28 of its
 * neighbours, far under a cent, so the shortest text that reads back as such a number (what
 * JSON.stringify writes) is k / 100 in decimal with at most two decimals, trailing zeros dropped.
 */
function wholeCents(n: number): number {
  const k = Math.round(n * 100);
  return k / 100 === n && k >= 0 && k < CENTS_LIMIT ? k : Infinity;
}

/** Strings up to this many characters are copied by a loop (a native call per short string cost more than the copy). */
const SHORT_STRING = 64;

/** The scratch bytes every JsonWriter writes into (answers are written one at a time: the runtime is one thread). */
let scratch = Buffer.allocUnsafe(8 * 1024);

/**
 * Writes an answer's fixed fragments (Buffers) and the JSON texts of its values (strings) into one
 * scratch Buffer, then copies out exactly the bytes written. Short ASCII strings are copied byte by
 * byte, fragments with TypedArray.set: a few hundred pieces per answer, where a native Buffer call
 * each cost more than the bytes. Nothing is kept per piece: collecting the pieces in an array and
 * joining them allocated about a third of a comparison's memory, and in the server that memory is
 * cold, so allocation cost more there than in a loop (docs/performance.md, ninth pass).
 * Not reentrant: start a writer, write, take its bytes, before the next answer starts.
 */
export class JsonWriter {
  private at = 0;

  private room(bytes: number): void {
    if (this.at + bytes <= scratch.length) return;
    const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, this.at + bytes));
    scratch.copy(grown, 0, 0, this.at);
    scratch = grown;
  }

  /** Appends bytes (a fixed fragment). */
  bytes(b: Buffer): void {
    this.room(b.length);
    scratch.set(b, this.at);
    this.at += b.length;
  }

  /** Appends a string as UTF-8 (a JSON text: the caller has quoted and escaped it). */
  text(s: string): void {
    const n = s.length;
    this.room(n * 3); // UTF-8 takes at most 3 bytes per UTF-16 code unit
    const out = scratch;
    let at = this.at;
    if (n <= SHORT_STRING) {
      let k = 0;
      for (; k < n; k++) {
        const c = s.charCodeAt(k);
        if (c > 0x7f) break;
        out[at + k] = c;
      }
      if (k === n) {
        this.at = at + n;
        return;
      }
    }
    this.at = at + out.write(s, at);
  }

  /**
   * Appends a JSON array: "[", each item written by `write` (which appends exactly one JSON value),
   * commas between them, "]".
   */
  array<T>(items: readonly T[], write: (item: T) => void): void {
    this.text('[');
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.text(',');
      write(items[i]!);
    }
    this.text(']');
  }

  /**
   * Appends the JSON text of a string, as JSON.stringify writes it: a string of printable ASCII
   * characters other than the quote and the backslash (the sentences of an answer) is copied
   * between quotes character by character, with no string made; any other string is written by
   * JSON.stringify (escapes, non-ASCII). Making a sentence's JSON text as a new string and copying
   * it was about a seventh of a comparison's allocation (docs/performance.md, tenth pass).
   */
  string(s: string): void {
    const n = s.length;
    this.room(n + 2);
    const out = scratch;
    const start = this.at;
    out[start] = 0x22;
    for (let k = 0; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return this.text(JSON.stringify(s)); // nothing written past `at` counts yet
      out[start + 1 + k] = c;
    }
    out[start + 1 + n] = 0x22;
    this.at = start + n + 2;
  }

  /**
   * Appends the JSON text of a number, as JSON.stringify writes it (null for NaN and the infinities):
   * - a whole count of hundredths from 0 to 100 (most numbers of a comparison: one-decimal scores
   *   and two-decimal weights) from a table filled on use: converting a fraction to text is most of
   *   the cost of writing such an answer, and each of these values recurs across answers;
   * - a larger whole count of cents below 2^31 (the balances, interest and ending balances of the
   *   savings calculator, different on every request) as its digits, with no string made
   *   (wholeCents says why that is the same text); test/computed-json.test.ts checks a million
   *   such numbers against JSON.stringify;
   * - any other number by String().
   */
  number(n: number): void {
    const k = wholeCents(n);
    if (k <= HUNDREDTHS) return this.text((hundredthTexts[k] ??= String(n)));
    if (k === Infinity) return this.text(Number.isFinite(n) ? String(n) : 'null');
    this.room(12); // 2^31 cents: 8 digits, a point and 2 decimals
    const out = scratch;
    let whole = Math.floor(k / 100);
    const cents = k - whole * 100;
    let digits = 1;
    for (let w = whole; w >= 10; w = Math.floor(w / 10)) digits++;
    let at = this.at + digits;
    this.at = at;
    do {
      const next = Math.floor(whole / 10);
      out[--at] = 0x30 + whole - next * 10;
      whole = next;
    } while (whole > 0);
    if (cents === 0) return;
    out[this.at++] = 0x2e; // "."
    out[this.at++] = 0x30 + Math.floor(cents / 10);
    if (cents % 10 !== 0) out[this.at++] = 0x30 + (cents % 10);
  }

  /** The bytes written, as a Buffer of their own (the scratch is reused by the next writer). */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.at);
    scratch.copy(out, 0, 0, this.at);
    this.at = 0;
    return out;
  }
}
