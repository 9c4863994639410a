import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets an entry after its time', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1_000);
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('when full, lets the least recently used entry go, not the others', () => {
    const cache = new TtlCache<number>(60_000, 3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.set('a', 10); // replacing an entry does not push another out
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([10, 3, 4]);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});
