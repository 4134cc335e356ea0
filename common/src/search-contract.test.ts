import { describe, expect, it } from 'vitest';
import { MEMBER_PERMISSIONS, OWNER_PERMISSIONS } from './constants';
import { capSearchResults, isSearchable, searchTarget, SEARCH_KINDS, type SearchResult, type SearchViewer } from './search-contract';

const ORG = '11111111-1111-4111-8111-111111111111';
const MACHINE = '22222222-2222-4222-8222-222222222222';
const result = (kind: SearchResult['kind'], id: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  kind,
  id,
  title: id,
  subtitle: null,
  orgId: ORG,
  machineId: null,
  ...extra,
});

const admin: SearchViewer = { userId: 'admin-1', role: 'admin', permissions: [] };
const owner: SearchViewer = { userId: 'owner-1', role: 'customer_owner', permissions: OWNER_PERMISSIONS };
const member: SearchViewer = { userId: 'member-1', role: 'customer_user', permissions: MEMBER_PERMISSIONS };

describe('search results', () => {
  it('searches from 2 characters after trimming', () => {
    expect(['', 'a', ' a ', '\ta\n'].map(isSearchable)).toEqual([false, false, false, false]);
    expect(['ab', ' ab ', 'a b'].map(isSearchable)).toEqual([true, true, true]);
  });

  it('caps at 5 per kind and 10 in all, kinds in the spec order, each kind keeping its order', () => {
    const many = SEARCH_KINDS.toReversed().flatMap((kind) => Array.from({ length: 7 }, (_, i) => result(kind, `${kind}-${i}`)));
    const capped = capSearchResults(many);
    expect(capped.map((r) => r.id)).toEqual([...[0, 1, 2, 3, 4].map((i) => `machine-${i}`), ...[0, 1, 2, 3, 4].map((i) => `tag-${i}`)]);
    const few = capSearchResults([result('organization', 'o'), result('user', 'u1'), result('page', 'p'), result('user', 'u2')]);
    expect(few.map((r) => r.id)).toEqual(['p', 'u1', 'u2', 'o']);
    const mixed = capSearchResults([...Array.from({ length: 3 }, (_, i) => result('machine', `m${i}`)), ...Array.from({ length: 9 }, (_, i) => result('user', `u${i}`))]);
    expect(mixed.map((r) => r.id)).toEqual(['m0', 'm1', 'm2', 'u0', 'u1', 'u2', 'u3', 'u4']);
  });

  it('opens user results as spec part 1 §6 says', () => {
    expect(searchTarget(result('user', 'u9'), admin)).toEqual({ route: 'users', params: { userId: 'u9' } });
    expect(searchTarget(result('user', 'owner-1'), owner)).toEqual({ route: 'settings', params: {} });
    expect(searchTarget(result('user', 'member-1'), member)).toEqual({ route: 'settings', params: {} });
    expect(searchTarget(result('user', 'u9'), owner)).toEqual({ route: 'team', params: { userId: 'u9' } });
    expect(searchTarget(result('user', 'u9'), member)).toBe('denied');
  });

  it('opens organizations and machines on admin pages for admins and the dashboard for others', () => {
    expect(searchTarget(result('organization', ORG), admin)).toEqual({ route: 'organizations', params: { orgId: ORG } });
    expect(searchTarget(result('organization', ORG), owner)).toEqual({ route: 'dashboard', params: {} });
    expect(searchTarget(result('machine', MACHINE), admin)).toEqual({ route: 'organizations', params: { orgId: ORG } });
    expect(searchTarget(result('machine', MACHINE), owner)).toEqual({ route: 'dashboard', params: { machineId: MACHINE } });
    // Members have no org:read, so no dashboard: the machines screen shows the machine instead.
    expect(searchTarget(result('machine', MACHINE), member)).toEqual({ route: 'machines', params: { machineId: MACHINE } });
  });

  it('opens tags in the data explorer and pages by their route', () => {
    const tag = result('tag', 'tag-1', { machineId: MACHINE });
    expect(searchTarget(tag, member)).toEqual({ route: 'data-explorer', params: { machineId: MACHINE, tagId: 'tag-1' } });
    expect(searchTarget(tag, admin)).toEqual({ route: 'organizations', params: { orgId: ORG } });
    expect(searchTarget(result('page', 'impressum', { orgId: null }), member)).toEqual({ route: 'impressum', params: {} });
  });
});
