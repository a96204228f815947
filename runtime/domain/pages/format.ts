/**
 * Number and date formatting for the HTML pages (en-US; USD; percent on the 0-100 scale).
 */

/**
 * en-US, at most 2 decimals: what `value.toLocaleString('en-US', { maximumFractionDigits: 2 })`
 * gives, with one formatter made once (toLocaleString builds a new one on every call, which
 * was most of the time spent writing 10,000 platform pages).
 */
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "82.5 %" for a percent 0-100, or the fallback for null. */
export const formatPct = (value: number | null | undefined, fallback = 'n/a'): string =>
  value === null || value === undefined ? fallback : `${twoDecimals.format(value)} %`;

/** "USD 1,250,000" (cents kept when present). */
export const formatUsd = (value: number): string => `USD ${twoDecimals.format(value)}`;

/** Byte counts as "12.3 KB" (1 KB = 1,000 bytes) with the exact count kept for titles. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

/** snake_case or kebab-case keys as words: "proof_of_reserves" -> "Proof of reserves". */
export const humanize = (key: string): string => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A number's own date for a table cell: "as of 2025-03-26", or "old: 2023-09-06" when the fact is
 * older than its freshness window (methodology.yaml `freshness`); '' without a date.
 */
export const asOfLabel = (asOf: string | null | undefined, stale: boolean | null | undefined): string =>
  !asOf ? '' : stale ? `old: ${asOf}` : `as of ${asOf}`;

/** "61.3 % (range 42.5-78 %)" for a score with its range (methodology "Score ranges"); the score alone when the range has zero width. */
export const formatScoreRange = (score: number | null, low: number | null, high: number | null, fallback = 'no score'): string =>
  score === null
    ? fallback
    : low === null || high === null || low === high
      ? formatPct(score)
      : `${formatPct(score)} (range ${twoDecimals.format(low)}-${formatPct(high)})`;
