import { describe, expect, it } from 'vitest';
import { appendToWindow } from './live-window';

describe('appendToWindow', () => {
  it('appends per tag, keeps the newest points and aligns qualities', () => {
    const shown = [{ tag: 'a', t: [1, 2], v: [10, 20] }];
    const next = appendToWindow(shown, [{ tag: 'a', t: [3], v: [30], q: [192] }, { tag: 'b', t: [3], v: ['on'] }], 2);
    expect(next).toEqual([
      { tag: 'a', t: [2, 3], v: [20, 30], q: [null, 192] },
      { tag: 'b', t: [3], v: ['on'] },
    ]);
    expect(shown).toEqual([{ tag: 'a', t: [1, 2], v: [10, 20] }]);
  });

  it('keeps unchanged series as they were', () => {
    const a = { tag: 'a', t: [1], v: [1] };
    const next = appendToWindow([a], [{ tag: 'b', t: [2], v: [2] }], 10);
    expect(next[0]).toBe(a);
  });
});
