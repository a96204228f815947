/**
 * Zod schemas of the calculator bodies: GET /v1/savings-interest and /v1/fees (and their MCP
 * tools). Shared fields and the registry: ./api-schemas.ts.
 */
import { z } from 'zod';
import { apiRegistry, date, ENVELOPE_FIELDS, EvidenceTierSchema, METHODOLOGY_URL_FIELD, pct, stale, url } from './api-schemas.js';

const SavingsResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    product: z.string(),
    apy: pct.meta({ description: 'APY used, percent: the tier the balance reaches (0 below the minimum balance to earn the APY)' }),
    interest_usd: z.number(),
    ending_balance_usd: z.number(),
    minimum_opening_deposit_usd: z.number().nullable(),
    below_minimum_opening_deposit: z.boolean().nullable(),
    minimum_balance_for_apy_usd: z.number().meta({ description: 'Lowest balance that earns any APY (the first tier)' }),
    ranked: z.boolean().meta({ description: 'False when the balance cannot open the account or earns no APY there; such results come after the ranked ones' }),
    rank_note: z.string().meta({ description: 'Why the result is placed where it is' }),
    as_of: date.meta({ description: 'Date of the APY (and tiers) used' }),
    stale,
    evidence_tier: EvidenceTierSchema,
    sources: z.array(url).meta({ description: 'URLs of the sources of the APY used' }),
    page: url,
  })
  .register(apiRegistry, { id: 'SavingsResult' });

const ExcludedPlatformSchema = z
  .object({ name: z.string(), slug: z.string(), reason: z.string() })
  .register(apiRegistry, { id: 'ExcludedPlatform', description: 'A platform left out of a calculation, and why (usually a fact without a source).' });

export const SavingsResponseSchema = z
  .object({
    balance_usd: z.number(),
    months: z.number().int(),
    compounding: z.string().meta({ description: 'The compounding assumption used' }),
    ranking: z.string().meta({ description: 'How results are ordered' }),
    no_current_pick: z.boolean().meta({
      description:
        'True when no ranked result has a fresh APY (within its freshness window): there is no current pick, and the results are the newest known rates with their dates',
    }),
    no_current_pick_note: z.string().nullable().meta({ description: 'The sentence saying there is no current pick, when no_current_pick; else null' }),
    results: z.array(SavingsResultSchema),
    excluded: z.array(ExcludedPlatformSchema),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, {
    id: 'SavingsResponse',
    description: 'Projected interest at every high-yield savings platform: fresh APYs by interest descending, then stale APYs newest first, then the unranked.',
  });

const FeeLineItemSchema = z
  .object({
    item: z.enum(['trading', 'options_contracts', 'transfers_out', 'account_fees']),
    status: z.enum(['known', 'unknown', 'not_applicable']).meta({
      description:
        'known: priced from a sourced fact (or unused by the profile: 0); unknown: used by the profile, price without a source; not_applicable: the platform does not offer it',
    }),
    usd: z.number().nullable().meta({ description: 'USD a year; null when unknown' }),
    detail: z.string(),
    as_of: date.nullable().meta({ description: 'Date of the fee fact this line is priced from; null without one' }),
    stale: z.boolean().nullable(),
    sources: z.array(url).meta({ description: 'URLs of the sources of the fee fact this line is priced from (empty without one)' }),
  })
  .register(apiRegistry, { id: 'FeeLineItem' });

const FeeResultSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    annual_total_usd: z.number().nullable().meta({
      description: 'USD a year, the whole cost; null when a line the profile uses is unknown (the cost is not known, and is not 0): see known_subtotal_usd',
    }),
    known_subtotal_usd: z
      .number()
      .meta({ description: 'USD a year of the priced lines only; equals annual_total_usd when complete, and leaves the unknown lines out otherwise' }),
    complete: z.boolean().meta({ description: 'True when every line the profile uses is priced' }),
    unknown_items: z.array(z.string()),
    annual_total_if_unknown_typical_usd: z.number().nullable().meta({
      description:
        "With each unknown line at the category's typical value (the median of that line among platforms where it is known, for the same profile); null when complete",
    }),
    ranked: z.boolean(),
    rank_note: z.string().meta({ description: 'Why the result is placed where it is' }),
    stale: z.boolean().meta({ description: 'True when any line used is priced from a stale fact' }),
    line_items: z.array(FeeLineItemSchema),
    assumptions: z.array(z.string()),
    page: url,
  })
  .register(apiRegistry, { id: 'FeeResult' });

export const FeesResponseSchema = z
  .object({
    category: z.enum(['brokerage', 'exchange']),
    inputs: z.object({
      trades_per_month: z.number(),
      avg_trade_size: z.number(),
      options_contracts_per_month: z.number(),
      transfers_per_year: z.number(),
    }),
    results: z.array(FeeResultSchema).meta({ description: 'Every platform of the category: ranked ones cheapest first, then the unranked with the reason' }),
    not_applied: z.array(z.object({ parameter: z.string(), reason: z.string() })).meta({ description: 'Parameters accepted but not used for this category' }),
    ranking: z.string(),
    methodology: METHODOLOGY_URL_FIELD,
    ...ENVELOPE_FIELDS,
  })
  .register(apiRegistry, { id: 'FeesResponse', description: 'Estimated annual fees, cheapest first.' });

export type SavingsResponse = z.infer<typeof SavingsResponseSchema>;
export type FeesResponse = z.infer<typeof FeesResponseSchema>;
export type FeeResult = z.infer<typeof FeeResultSchema>;
