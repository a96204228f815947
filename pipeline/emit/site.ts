/** Resolves sources/site.yaml into the site identity used in every output. */
import type { Site, SiteAssets } from '../../runtime/domain/contract/model.js';
import type { SiteSource } from '../../runtime/domain/sources/site-schema.js';

/**
 * Applies the base URL (BASE_URL overrides site.yaml; a trailing slash is dropped),
 * replaces `{base_url}` in every text field, and records the methodology version and
 * the evaluation date (YYYY-MM-DD) every answer names, and the assets' hashed paths (site-assets.ts).
 */
export function resolveSite(
  source: SiteSource,
  baseUrlOverride: string | undefined,
  methodologyVersion: string,
  evaluationDate: string,
  assets: SiteAssets,
): Site {
  const base = (baseUrlOverride?.trim() || source.base_url).replace(/\/+$/, '');
  const fill = (text: string) => text.replaceAll('{base_url}', base);
  return {
    name: source.name,
    base_url: base,
    attribution: fill(source.attribution),
    license: fill(source.license),
    methodology_url: fill(source.methodology_url),
    api_version: source.api_version,
    methodology_version: methodologyVersion,
    evaluation_date: evaluationDate,
    ...(source.contact_email ? { contact_email: source.contact_email } : {}),
    assets,
  };
}
