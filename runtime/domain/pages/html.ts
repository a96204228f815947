/**
 * Safe HTML building for the generated pages: a tagged template that escapes
 * every interpolated value (escape-html) unless it is already SafeHtml.
 * Arrays are joined; null, undefined and false render as nothing.
 */
import escapeHtml from 'escape-html';

/** A fragment of HTML that is already escaped. */
export interface SafeHtml {
  readonly html: string;
}

const isSafe = (value: unknown): value is SafeHtml =>
  typeof value === 'object' && value !== null && typeof (value as { html?: unknown }).html === 'string' && Object.keys(value).length === 1;

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (isSafe(value)) return value.html;
  return escapeHtml(String(value));
}

/** Trusted markup, inserted as it is (only for markup this code generated itself). */
export const raw = (markup: string): SafeHtml => ({ html: markup });

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return raw(out);
}
