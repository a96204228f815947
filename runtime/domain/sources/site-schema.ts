/** Zod schema of sources/site.yaml: the service identity. `{base_url}` in any text is replaced by the base URL. */
import { z } from 'zod';

/** An absolute http(s) URL: what base_url and BASE_URL must be. */
export const BASE_URL_PATTERN = /^https?:\/\/[^/\s]+(\/[^\s]*)?$/;

export const SiteSourceSchema = z.strictObject({
  name: z.string().min(1),
  base_url: z.string().regex(BASE_URL_PATTERN, { message: 'expected an absolute http(s) URL' }),
  attribution: z.string().min(1),
  license: z.string().min(1),
  methodology_url: z.string().min(1),
  api_version: z.string().regex(/^\d+\.\d+\.\d+$/, { message: 'expected a semantic version such as 1.0.1' }),
  contact_email: z.string().email().optional(),
});
export type SiteSource = z.infer<typeof SiteSourceSchema>;
