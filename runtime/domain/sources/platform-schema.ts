/**
 * Zod schemas of one platform source file, sources/platforms/<category>/<slug>.yaml.
 * The facts block differs by category; everything else is shared.
 * These schemas are the one source of truth for the editor JSON Schema and the TypeScript types.
 */
import { z } from 'zod';
import { evidence, factEvidence, httpsUrl, isoDate, orNotApplicable, percent, SourceSchema, usd } from './common-schema.js';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'expected lowercase letters, digits and single hyphens' });

/**
 * A yes/no fact scored by a rubric (methodology.yaml, rule kind `rubric`) that a source may leave
 * open: null when the cited sources do not say (unknown is not false). It earns no points and every
 * answer shows it as unknown, never as "no" (methodology 2.1.0).
 */
const rubricBoolean = (description: string) =>
  z
    .boolean()
    .nullable()
    .meta({ description: `${description}; null when the sources do not say (unknown: no rubric points, shown as unknown)` });

const openness = z.enum(['full', 'partial', 'none']).meta({
  description: 'full: all code under an open licence; partial: some components; none: closed source',
});

// ---------- exchanges ----------
const exchangeFacts = z.strictObject({
  trading_fees: z
    .strictObject({
      product: z.string().min(1).meta({ description: 'Order book or plan the schedule belongs to, e.g. "Kraken Pro"' }),
      tiers: z
        .array(
          z.strictObject({
            min_volume_30d_usd: usd.meta({ description: 'Lowest 30-day trading volume (USD) of this tier' }),
            maker_pct: percent,
            taker_pct: percent,
          }),
        )
        .min(1),
      ...factEvidence,
    })
    .optional(),
  fiat_withdrawal: orNotApplicable(
    z.strictObject({
      method: z.string().min(1).meta({ description: 'Withdrawal rail the fee applies to, e.g. "ACH"' }),
      fee_usd: usd.meta({ description: 'Fee per USD (or local fiat converted at the source date) withdrawal on that rail' }),
      ...factEvidence,
    }),
  ),
  proof_of_reserves: z
    .strictObject({
      published: rubricBoolean('A proof of reserves (wallet holdings) is published'),
      liabilities_included: rubricBoolean('The proof covers customer liabilities too (e.g. a Merkle tree of balances)'),
      third_party_attestation: rubricBoolean('An independent firm attested the proof'),
      audited_financial_statements: z.boolean().optional().meta({
        description:
          'true when audited financial statements (e.g. a 10-K) disclose customer assets held and the matching customer liabilities; scored as equivalent to proof of reserves with liabilities and attestation (methodology.yaml, reserves)',
      }),
      listed_on: z
        .string()
        .regex(/^[A-Za-z][A-Za-z .&-]*: [A-Z0-9][A-Z0-9.-]*$/, { message: 'expected "<stock exchange>: <ticker>", e.g. "Nasdaq: COIN"' })
        .optional()
        .meta({
          description:
            'Stock exchange and ticker of the operator or its listed parent ("Nasdaq: COIN"), when it is a listed company; it then files audited annual financial statements, so audited_financial_statements must say (true or false) whether they disclose customer assets and the matching liabilities (pipeline/checks/rules/listed-company-reserves.ts)',
        }),
      ...factEvidence,
    })
    .optional(),
});

// ---------- brokerages ----------
const brokerageFacts = z.strictObject({
  commissions: z
    .strictObject({
      online_stock_trade_usd: usd.meta({ description: 'Commission per online US stock or ETF trade' }),
      ...factEvidence,
    })
    .optional(),
  options_fees: orNotApplicable(
    z.strictObject({
      tiers: z
        .array(
          z.strictObject({
            min_contracts_per_month: z.number().int().min(0),
            per_contract_usd: usd,
          }),
        )
        .min(1)
        .meta({ description: 'Per-contract options fee (base commission folded in per contract) by monthly contract volume, ascending from 0' }),
      ...factEvidence,
    }),
  ).meta({ description: 'Options per-contract fee; not_applicable when the broker offers no options trading' }),
  transfer_out: z
    .strictObject({
      full_acats_usd: usd.meta({ description: 'Fee for a full outgoing ACATS transfer' }),
      ...factEvidence,
    })
    .optional(),
  account_fees: z
    .strictObject({
      annual_usd: usd.meta({ description: 'Recurring account maintenance or inactivity fee per year for a standard taxable account' }),
      ...factEvidence,
    })
    .optional(),
  protection: z
    .strictObject({
      sipc_member: rubricBoolean('Member of the Securities Investor Protection Corporation'),
      excess_sipc: rubricBoolean('Coverage beyond SIPC limits bought from a private insurer'),
      ...factEvidence,
    })
    .optional(),
  investments: z
    .strictObject({
      stocks: rubricBoolean('US-listed stocks can be traded'),
      etfs: rubricBoolean('ETFs can be traded'),
      options: rubricBoolean('Listed options can be traded'),
      mutual_funds: rubricBoolean('Mutual funds can be bought'),
      bonds: rubricBoolean('Bonds can be bought'),
      fractional_shares: rubricBoolean('Fractional shares can be bought'),
      ...factEvidence,
    })
    .optional(),
});

// ---------- high-yield savings ----------
const savingsFacts = z.strictObject({
  apy: z
    .strictObject({
      product: z.string().min(1).meta({ description: 'Name of the savings account' }),
      tiers: z
        .array(
          z.strictObject({
            min_balance_usd: usd.meta({ description: 'Lowest balance that earns this APY' }),
            apy_pct: percent.meta({ description: 'Annual percentage yield, percent 0-100' }),
          }),
        )
        .min(1),
      ...factEvidence,
    })
    .optional(),
  monthly_fee: orNotApplicable(z.strictObject({ usd, ...factEvidence })).meta({
    description: 'Monthly maintenance fee; not_applicable when the account has none',
  }),
  minimum_opening_deposit: z.strictObject({ usd, ...factEvidence }).optional(),
  insurance: z
    .strictObject({
      route: z.enum(['fdic_direct', 'ncua_direct', 'fdic_pass_through', 'none']).meta({
        description:
          'fdic_direct / ncua_direct: the account holder is an insured bank or credit union; fdic_pass_through: a non-bank places deposits at partner banks',
      }),
      insured_institution: z.string().min(1).optional().meta({ description: 'Bank or credit union that holds the deposits' }),
      ...factEvidence,
    })
    .optional(),
});

// ---------- hardware wallets ----------
const hardwareWalletFacts = z.strictObject({
  price: z.strictObject({ usd, ...factEvidence }).optional(),
  device: z
    .strictObject({
      secure_element: rubricBoolean('Keys kept in a secure element chip'),
      secure_element_chip: z.string().min(1).optional(),
      air_gap: rubricBoolean('Signs without a USB or Bluetooth data link (QR codes or microSD only)'),
      screen: rubricBoolean('Has its own screen to confirm addresses and amounts'),
      passphrase: rubricBoolean('Supports a BIP39 passphrase (hidden wallets)'),
      ...factEvidence,
    })
    .optional(),
  firmware: z.strictObject({ open_source: openness, ...factEvidence }).optional(),
  chains: z.strictObject({ supported: z.array(z.string().min(1)).min(1), ...factEvidence }).optional(),
});

// ---------- software wallets ----------
const softwareWalletFacts = z.strictObject({
  custody: z
    .strictObject({
      model: z.enum(['self_custody', 'mpc', 'custodial']).meta({
        description: 'self_custody: the user alone holds the keys; mpc: key shares split between user and provider; custodial: the provider holds the keys',
      }),
      ...factEvidence,
    })
    .optional(),
  source_code: z.strictObject({ open_source: openness, ...factEvidence }).optional(),
  swap_fee: orNotApplicable(
    z.strictObject({
      pct: percent.meta({ description: 'Service fee the wallet adds to in-app swaps, percent 0-100' }),
      ...factEvidence,
    }),
  ).meta({ description: 'In-app swap service fee; not_applicable when the wallet has no in-app swaps' }),
  chains: z.strictObject({ supported: z.array(z.string().min(1)).min(1), ...factEvidence }).optional(),
});

/** A judgement score for a criterion whose rule kind is `assessed` (methodology.yaml). */
const AssessmentSchema = z.strictObject({
  score: z.number().int().min(0).max(100),
  rationale: z.string().min(1).meta({ description: 'One line: why this score' }),
  ...evidence,
});

export const INCIDENT_CLASSES = ['funds_lost', 'data_breach', 'regulatory_action', 'outage', 'other'] as const;

/** One dated security incident or regulatory action. */
const IncidentSourceSchema = z.strictObject({
  date: isoDate,
  class: z.enum(INCIDENT_CLASSES),
  title: z.string().min(1),
  summary: z.string().min(1),
  amount_usd: z
    .number()
    .positive()
    .optional()
    .meta({ description: 'Funds lost (funds_lost, other), or the penalty or fine alone (regulatory_action), in USD at the time' }),
  restitution_usd: z.number().positive().optional().meta({
    description: 'regulatory_action only: disgorgement, restitution, refunds to customers and ordered compliance spending, in USD; kept apart from the penalty',
  }),
  customers_made_whole: z.boolean().optional().meta({ description: 'Absent when not known; the cap table then treats losses as not reimbursed' }),
  sources: z.array(SourceSchema).min(1),
});

/** A licence or registration held by the platform. */
const LicenceSourceSchema = z.strictObject({
  regulator: z.string().min(1),
  licence: z.string().min(1),
  jurisdiction: z.string().min(1),
  ...evidence,
});

const common = {
  name: z.string().min(1),
  slug,
  aliases: z.array(z.string().min(1)).optional(),
  website: httpsUrl,
  domains: z
    .array(
      z.string().regex(/^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[A-Za-z0-9._~-]+)*$/, {
        message: 'expected a host name such as investors.example.com, optionally with a path prefix such as github.com/example',
      }),
    )
    .optional()
    .meta({
      description:
        "Other host names the platform or its parent operates (investor relations, help centre); citations on them (or under a path prefix such as github.com/example), and on the website's host, are primary evidence",
    }),
  as_of: isoDate,
  incidents_checked: isoDate.optional().meta({
    description:
      'When the incident list (losses, breaches, regulatory actions, outages) was last searched, if earlier than as_of: a newer fact moves as_of forward without anyone searching for incidents. The incident_record freshness window is evaluated on this date (default: as_of).',
  }),
  summary: z.string().min(1).optional().meta({ description: 'One neutral sentence on what the platform is' }),
  assessments: z.record(z.string(), AssessmentSchema).optional(),
  incidents: z.array(IncidentSourceSchema).optional(),
  licences: z.array(LicenceSourceSchema).optional(),
};

/** Facts schema for each category id. */
export const FactsSchemas = {
  exchanges: exchangeFacts,
  brokerages: brokerageFacts,
  'high-yield-savings': savingsFacts,
  'hardware-wallets': hardwareWalletFacts,
  'software-wallets': softwareWalletFacts,
} as const;

/** One platform source file; `category` selects the facts schema. */
export const PlatformSourceSchema = z.discriminatedUnion('category', [
  z.strictObject({ ...common, category: z.literal('exchanges'), facts: exchangeFacts }),
  z.strictObject({ ...common, category: z.literal('brokerages'), facts: brokerageFacts }),
  z.strictObject({ ...common, category: z.literal('high-yield-savings'), facts: savingsFacts }),
  z.strictObject({ ...common, category: z.literal('hardware-wallets'), facts: hardwareWalletFacts }),
  z.strictObject({ ...common, category: z.literal('software-wallets'), facts: softwareWalletFacts }),
]);

export type PlatformSource = z.infer<typeof PlatformSourceSchema>;
export type Incident = z.infer<typeof IncidentSourceSchema>;
