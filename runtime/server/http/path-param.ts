/** Path parameters of an h3 request. */
import { getRouterParam, type H3Event } from 'h3';

/**
 * A path parameter, percent-decoded; null when the encoding is malformed.
 * h3 hands the raw segment; decoding here lets us answer 400 rather than throw.
 */
export function pathParam(event: H3Event, name: string): string | null {
  try {
    return decodeURIComponent(getRouterParam(event, name) ?? '');
  } catch {
    return null;
  }
}
