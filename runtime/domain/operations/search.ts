/** GET /v1/platforms: search with optional query fragment and category. */
import type { Dataset } from '../dataset.js';
import { categoryPageUrl } from '../contract/urls.js';
import { searchPlatforms } from '../compute/search.js';
import { invalidParameters } from '../contract/problem.js';
import {
  NUMBER_PARAMETERS,
  parseCategoryParameter,
  parseNumberParameter,
  parseTextParameter,
  TEXT_PARAMETERS,
  type ParameterError,
} from '../contract/parameter-rules.js';
import { body, fail, type OperationResult } from './result.js';
import { suggestNames } from '../compute/platform-match.js';
import { searchJson, searchResponse } from './search-json.js';

export interface SearchArgs {
  query?: string | undefined;
  category?: string | undefined;
  /** Most results to return, a whole number 1 to LIMITS.searchLimitMax (NUMBER_PARAMETERS.searchLimit; text, as in a query string); absent: all. */
  limit?: string | undefined;
}

/** Validates the arguments and searches; results in the ranking order (compute/ranking-order.ts byRank); no match for a query: `suggestions` (nearest names). */
export function search(dataset: Dataset, args: SearchArgs): OperationResult {
  const errors: ParameterError[] = [];
  const query = parseTextParameter(TEXT_PARAMETERS.searchQuery, args.query, errors) ?? null;
  const category = parseCategoryParameter(args.category, errors);
  const limit = parseNumberParameter(NUMBER_PARAMETERS.searchLimit, args.limit, errors) ?? null;
  if (errors.length) return fail(invalidParameters(errors));
  const site = dataset.model.site;
  const matches = searchPlatforms(dataset.model.platforms, query, category ?? null);
  const results = limit === null ? matches : matches.slice(0, limit);
  // nothing matched ("kracken"): the nearest names, as an unknown platform name's 404 gives them
  const suggestions = matches.length === 0 && query !== null ? suggestNames(dataset.index, query) : undefined;
  const response = searchResponse(
    site,
    query,
    category ?? null,
    results.length,
    matches.length,
    results,
    category ? categoryPageUrl(site, category) : `${site.base_url}/`,
    suggestions,
  );
  // the template (searchJson) has no place for suggestions: an answer with them is written as it is
  return body(response, suggestions ? Buffer.from(JSON.stringify(response)) : searchJson(dataset, response));
}
