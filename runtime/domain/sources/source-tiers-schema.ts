/**
 * Zod schema of sources/source-tiers.yaml: the evidence tier of each listed
 * domain (primary: regulators, courts, registers; reputable: established press,
 * auditors, standards bodies). Unlisted domains are weak, except the platform's
 * own hosts (runtime/domain/scoring/evidence-tiers.ts). Methodology: methodology.yaml "evidence".
 */
import { z } from 'zod';
import { hostName } from './unreliable-domains-schema.js';

export const SourceTiersSchema = z.strictObject({
  domains: z.array(
    z.strictObject({
      domain: hostName,
      tier: z.enum(['primary', 'reputable']),
      note: z.string().min(1).meta({ description: 'What the site is, so a reader sees why it has its tier' }),
    }),
  ),
});
export type SourceTiers = z.infer<typeof SourceTiersSchema>;
