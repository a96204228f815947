/**
 * The computed-body cache keeps a body from the second request for its target on, so
 * varied requests (each target once) never fill it and a repeated one is answered from bytes.
 */
import { describe, expect, it } from 'vitest';
import { newComputedCache } from '../runtime/server/http/computed-cache.js';

describe('computed-body cache', () => {
  it('keeps a body only when its target was asked for before', () => {
    const cache = newComputedCache();
    const body = Buffer.from('{"a":1}');
    cache.offer('/v1/compare?platforms=a,b', body);
    expect(cache.get('/v1/compare?platforms=a,b')).toBeUndefined();
    cache.offer('/v1/compare?platforms=a,b', body);
    expect(cache.get('/v1/compare?platforms=a,b')).toBe(body);
  });

  it('is not emptied by a stream of targets each asked for once', () => {
    const cache = newComputedCache();
    const kept = Buffer.from('{"kept":true}');
    cache.offer('/v1/savings-interest?balance=100', kept);
    cache.offer('/v1/savings-interest?balance=100', kept);
    for (let i = 0; i < 50_000; i++) cache.offer(`/v1/savings-interest?balance=${i}.01`, Buffer.from(`{"i":${i}}`));
    expect(cache.get('/v1/savings-interest?balance=100')).toBe(kept);
    expect(cache.get('/v1/savings-interest?balance=49999.01')).toBeUndefined();
  });
});
