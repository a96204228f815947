/**
 * What the calculator pages' forms accept beyond the API's plain digits, and how they show a
 * value the operation refused: people type "10,000" or "$2,500.50", so the page takes thousands
 * separators (commas in groups of three) and a leading "$" or "USD" away before asking the
 * operation; anything else is passed on as typed, so the operation's own check names what is
 * wrong, and the page is shown again with the form, the value as typed and that message.
 */
import type { ParameterError } from '../contract/parameter-rules.js';
import { html, type SafeHtml } from './html.js';

/** Digits with well-placed thousands separators, an optional fraction, after an optional "$" or "USD". */
const GROUPED = /^(?:\$|usd\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/i;

/**
 * A number as typed in a form, in the API's plain form: "10,000" -> "10000", "$2,500.50" -> "2500.50",
 * "USD 750" -> "750". Text that is not such a number ("10,00", "ten", "-5") comes back trimmed and
 * otherwise unchanged, for the operation to refuse with its message.
 */
export function formNumber(text: string): string {
  const trimmed = text.trim();
  const m = GROUPED.exec(trimmed);
  return m ? `${m[1]!.replace(/,/g, '')}${m[2] ?? ''}` : trimmed;
}

/** The id of a field's error message, which its input names in aria-describedby. */
const errorId = (parameter: string): string => `${parameter.replace(/_/g, '-')}-error`;

/**
 * The message of one field as the page states it, or undefined when it was accepted. The API's
 * number rule says "written with digits only" (contract/parameter-rules.ts); the page also takes
 * commas between thousands, so it says so.
 */
const fieldError = (errors: readonly ParameterError[], parameter: string): string | undefined =>
  errors.find((e) => e.parameter === parameter)?.message.replace('written with digits only', 'written with digits (commas only between thousands)');

/** The attributes of an input whose value was refused: aria-invalid and the message's id. */
export function invalidAttributes(errors: readonly ParameterError[], parameter: string): SafeHtml | '' {
  return fieldError(errors, parameter) === undefined ? '' : html` aria-invalid="true" aria-describedby="${errorId(parameter)}"`;
}

/** The message under a refused input: "balance: must be above 0 ..." in words, with the id its input names. */
export function fieldMessage(errors: readonly ParameterError[], parameter: string): SafeHtml | '' {
  const message = fieldError(errors, parameter);
  return message === undefined ? '' : html`<br><span class="form-error" id="${errorId(parameter)}">${message}</span>`;
}

/**
 * The box above the form listing what to correct (role alert: read out when the page opens), each
 * entry a link to its field, or nothing.
 * @param fields each parameter's label and the id of its input
 */
export function errorSummary(errors: readonly ParameterError[], fields: Readonly<Record<string, { label: string; id: string }>>): SafeHtml | '' {
  if (errors.length === 0) return '';
  return html`<div class="form-errors" role="alert"><p><strong>Please correct ${errors.length === 1 ? 'this field' : 'these fields'}:</strong></p>
<ul>${errors.map((e) => {
    const field = fields[e.parameter];
    return html`<li>${field ? html`<a href="#${field.id}">${field.label}</a>` : e.parameter}: ${fieldError(errors, e.parameter)}</li>`;
  })}</ul></div>`;
}
