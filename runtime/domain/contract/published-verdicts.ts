/**
 * How many platforms of each category, the best by score (search order), get
 * published verdicts: every pair among them is precomputed, so a category
 * publishes at most K x (K - 1) / 2 = 190 verdicts, whatever its size. Every
 * other pair of one category is still answered by GET /v1/verdicts/{slug},
 * computed on request by the same function (runtime/domain/compute/verdict.ts).
 * Without the bound verdicts grow with the square of the platforms: 2,000
 * platforms in one category would be about 2 million files.
 */
export const PUBLISHED_VERDICT_TOP_K = 20;
