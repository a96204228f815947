/**
 * The order of names in results (ties after scores, interest or totals): English collation,
 * what `a.localeCompare(b, 'en')` gives, from one collator made once (localeCompare with a
 * locale makes a new one on every call, which showed in the profiles of sorted answers).
 */
const collator = new Intl.Collator('en');

/** Negative, zero or positive as `a` sorts before, with or after `b` in English collation. */
export const compareNames = (a: string, b: string): number => collator.compare(a, b);
