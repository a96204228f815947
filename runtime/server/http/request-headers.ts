/** Reading node:http request headers. */

/** A request header's value as one string (repeated headers joined with ", "), or null when absent. */
export const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
