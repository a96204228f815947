/**
 * MCP prompts (docs/mcp.md "Prompts"): ready-made requests a user picks in an agent, each telling
 * the agent which tools to call and which caveats of the answer to pass on (as_of dates, stale
 * and weak evidence, coverage, the not-advice notice), so the answer keeps what the data says.
 * Platform arguments complete to slugs (completion/complete).
 */
import { z } from 'zod';
import { LIMITS, NUMBER_PARAMETERS } from '../../domain/contract/parameter-rules.js';
import type { McpKit, McpRegistry } from './sdk-kit.js';
import type { Served } from '../served.js';
import { completePlatformSlugs } from './resources.js';

/** What every prompt asks the agent to keep in its answer. */
const CAVEATS =
  'Quote the as_of date and a source URL for every number you use, say which facts or criteria are stale or rest on weak evidence (the answer flags them), name criteria with no data, and end with: the data is informational, not investment advice.';

/** A single user message (MCP prompts/get result). */
const userMessage = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

/** Registers the prompts on `server`. */
export function registerPrompts(server: McpRegistry, served: Served, { completable }: McpKit): void {
  const platform = (description: string) => completable(z.string().describe(description), (value) => completePlatformSlugs(served, value));
  /**
   * Completes the last name of a comma-separated list with platform slugs only: the names before
   * it are not echoed back (each value would carry the client's whole input, up to 100 times:
   * issue 40), so the client appends the chosen slug to what it has.
   */
  const platformList = completable(
    z.string().describe(`${LIMITS.compareMin} to ${LIMITS.compareMax} platforms of one category, comma-separated (slugs, names or aliases)`),
    (value) => completePlatformSlugs(served, value.slice(value.lastIndexOf(',') + 1).trim()),
  );

  server.registerPrompt(
    'compare_for_my_priorities',
    {
      title: 'Compare platforms for my priorities',
      description: `Compares ${LIMITS.compareMin} to ${LIMITS.compareMax} platforms of one category with weights that follow what matters to you, and explains the result with its caveats.`,
      argsSchema: {
        platforms: platformList,
        priorities: z.string().describe('What matters to you, in your words (e.g. "low fees, strong security, I trade options")'),
      },
    },
    ({ platforms, priorities }) =>
      userMessage(
        `Compare these platforms for me: ${platforms}. What matters to me: ${priorities}.\n` +
          `First call list_categories to learn the criterion keys and default weights of their category. Turn my priorities into weights from ${LIMITS.weightMin} to ${LIMITS.weightMax} for the criterion keys (keep the defaults where I said nothing), then call compare_platforms with the platforms and those weights. ` +
          'Tell me the winner and why, show the arithmetic per criterion, and say plainly when the result is too close to call or a platform is not eligible (coverage below the gate). ' +
          CAVEATS,
      ),
  );
  server.registerPrompt(
    'check_safety',
    {
      title: "Check a platform's safety",
      description: "Summarises a platform's incidents, regulatory record and security score, with dates, amounts and sources.",
      argsSchema: { platform: platform('The platform to check (slug, name or alias)') },
    },
    ({ platform: name }) =>
      userMessage(
        `Check the safety of ${name}. Call check_platform_safety for it. List its incidents with their dates, classes and amounts (a penalty apart from restitution), say whether a hack cap limits its score and why, and summarise its security and regulation scores with their rationale. ` +
          CAVEATS,
      ),
  );
  server.registerPrompt(
    'best_savings_for_my_balance',
    {
      title: 'Best savings accounts for my balance',
      description: 'Projects the interest a balance earns at each high-yield savings account and explains the ranking.',
      argsSchema: {
        balance: z.string().describe('Balance in USD, e.g. 10000'),
        months: z
          .string()
          .optional()
          .describe(`Months to project, ${NUMBER_PARAMETERS.months.min} to ${NUMBER_PARAMETERS.months.max} (default ${NUMBER_PARAMETERS.months.default})`),
      },
    },
    ({ balance, months }) =>
      userMessage(
        `I have ${balance} USD to put in a high-yield savings account${months ? ` for ${months} months` : ''}. Call estimate_savings_interest with balance ${balance}${months ? ` and months ${months}` : ''}. ` +
          'Give me the top accounts with the interest each would pay and the APY it assumes, say which APYs are stale and rank after fresh ones, and which accounts my balance cannot open or earn the APY at. Rates change; the projection holds the APY constant. ' +
          CAVEATS,
      ),
  );
}
