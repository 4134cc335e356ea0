import { describe, expect, it } from 'vitest';
import { de, en } from './index';

/** Every leaf of a catalog as `dotted.key` → value. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) return out.set(prefix, node);
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

const interpolations = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const enLeaves = leaves(en);
  const deLeaves = leaves(de);

  it('have the same keys in English and German', () => {
    expect([...deLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty or non-text values', () => {
    for (const [key, value] of [...enLeaves, ...deLeaves]) {
      expect(typeof value === 'string' && value.trim() !== '', `value of ${key}`).toBe(true);
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const [key, value] of enLeaves) {
      expect(interpolations(deLeaves.get(key)), key).toEqual(interpolations(value));
    }
  });
});
