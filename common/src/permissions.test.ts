import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPermission, patternCovers } from './permissions';
import { ROLES } from './constants';

const segment = fc.stringMatching(/^[a-z]{1,6}$/);
const permission = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join(':'));

describe('permission matching', () => {
  it('exact permissions match only themselves', () => {
    fc.assert(fc.property(permission, permission, (a, b) => patternCovers(a, b) === (a === b)));
  });

  it('prefix:* covers exactly the permissions that extend the prefix by whole segments', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 2 }), permission, (prefix, required) => {
        const wanted = required.split(':');
        const expected = wanted.length > prefix.length && prefix.every((s, i) => s === wanted[i]);
        expect(patternCovers(`${prefix.join(':')}:*`, required)).toBe(expected);
      }),
    );
  });

  it('never matches across a segment boundary (org:* does not cover organization:read)', () => {
    fc.assert(
      fc.property(segment, segment, segment, (a, extra, action) => {
        expect(patternCovers(`${a}:*`, `${a}${extra}:${action}`)).toBe(false);
      }),
    );
    expect(patternCovers('org:*', 'organization:read')).toBe(false);
    expect(patternCovers('org:*', 'org:read')).toBe(true);
    expect(patternCovers('*', 'anything:at:all')).toBe(true);
  });

  it('admins pass every check, other roles only with a covering grant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.array(permission, { maxLength: 4 }), permission, (role, granted, required) => {
        const expected = role === 'admin' || granted.some((g) => patternCovers(g, required));
        expect(hasPermission(role, granted, required)).toBe(expected);
      }),
    );
  });
});
