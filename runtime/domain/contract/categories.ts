/**
 * The five category ids (README "Open Comparison Data"; sources/methodology.yaml `categories`) and the
 * normalisation of caller input to them.
 */
export const CATEGORY_IDS = ['exchanges', 'hardware-wallets', 'software-wallets', 'high-yield-savings', 'brokerages'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/**
 * Maps caller spelling to a category id: any case, hyphens or underscores
 * (README decision; the spec's sample echoes `high_yield_savings`), singular or plural
 * (`exchange`, `hardware_wallet`, `brokerage`: the spec's /v1/fees takes the singular).
 * Returns undefined for anything else.
 */
export function normaliseCategory(input: string): CategoryId | undefined {
  const id = input.trim().toLowerCase().replace(/_/g, '-');
  if ((CATEGORY_IDS as readonly string[]).includes(id)) return id as CategoryId;
  const plural = `${id}s`;
  return plural !== 'high-yield-savingss' && (CATEGORY_IDS as readonly string[]).includes(plural) ? (plural as CategoryId) : undefined;
}
