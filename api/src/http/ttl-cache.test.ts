import { describe, expect, it } from 'vitest';
import { perApp, TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves a value until its time is up, then loads it again', async () => {
    const cache = new TtlCache<string, number>(1000);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await cache.get('a', load, 0)).toBe(1);
    expect(await cache.get('a', load, 999)).toBe(1);
    expect(await cache.get('a', load, 1000)).toBe(2);
    expect(loads).toBe(2);
  });

  it('lets concurrent askers share one load', async () => {
    const cache = new TtlCache<string, string>(1000);
    let loads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${(loads += 1)}`), 10));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);
  });

  it('keeps neither a null answer nor a failure', async () => {
    const cache = new TtlCache<string, number>(60_000);
    expect(await cache.get('k', async () => null)).toBeNull();
    expect(await cache.get('k', async () => 7)).toBe(7);
    await expect(cache.get('e', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('e', async () => 8)).toBe(8);
  });

  it('starts over instead of growing past its size', async () => {
    const cache = new TtlCache<number, number>(60_000, 3);
    for (let i = 0; i < 3; i += 1) await cache.get(i, async () => i);
    expect(await cache.get(0, async () => -1)).toBe(0);
    await cache.get(3, async () => 3); // full: cleared, then 3 kept
    expect(await cache.get(0, async () => -1)).toBe(-1);
  });
});

describe('perApp', () => {
  it('gives each app object its own instance', () => {
    const cacheOf = perApp<object, TtlCache<string, number>>(() => new TtlCache(1000));
    const [a, b] = [{}, {}];
    expect(cacheOf(a)).toBe(cacheOf(a));
    expect(cacheOf(a)).not.toBe(cacheOf(b));
  });
});
