/** GET /v1/platforms: search with optional query fragment and category. */
import type { Bundle } from '../bundle.js';
import type { SearchResponse } from '../contract/api-schemas.js';
import { normaliseCategory, CATEGORY_IDS } from '../contract/categories.js';
import { categoryPage } from '../contract/urls.js';
import { searchPlatforms } from '../compute/search.js';
import { invalidParameters } from '../http/problem.js';
import { LIMITS, preview, type ParameterError } from '../http/parameter-rules.js';
import { body, envelope, fail, type OperationResult } from './result.js';

export interface SearchArgs {
  query?: string | undefined;
  category?: string | undefined;
}

/** Validates the arguments and searches; results by score descending, then name. */
export function search(bundle: Bundle, args: SearchArgs): OperationResult {
  const errors: ParameterError[] = [];
  const query = args.query === undefined ? null : args.query.trim();
  if (query !== null && (query.length === 0 || query.length > LIMITS.nameMaxLength)) {
    errors.push({ parameter: 'query', message: `must be 1 to ${LIMITS.nameMaxLength} characters` });
  }
  const category = args.category === undefined ? null : normaliseCategory(args.category) ?? undefined;
  if (category === undefined) {
    errors.push({ parameter: 'category', message: `must be one of ${CATEGORY_IDS.join(', ')} (singular, underscores and any case accepted); got "${preview(args.category ?? '')}"` });
  }
  if (errors.length) return fail(invalidParameters(errors));
  const site = bundle.model.site;
  const results = searchPlatforms(bundle.model.platforms, query, category ?? null);
  const response: SearchResponse = {
    query,
    category: category ?? null,
    count: results.length,
    results,
    ...envelope(site, category ? categoryPage(site, category) : `${site.base_url}/`),
  };
  return body(response);
}
