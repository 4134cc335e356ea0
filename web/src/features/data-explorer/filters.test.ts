import { describe, expect, it } from 'vitest';
import { checkExplorerFilters, type TagConfig } from '@taktwerk/common';
import { chosenTagId, initialDraft, queryOf } from './filters';

const tag = (id: string, alias: string) => ({ id, alias }) as TagConfig;
const TAGS = [tag('11111111-1111-4111-8111-111111111111', 'Spindle.Temp'), tag('22222222-2222-4222-8222-222222222222', 'rpm')];

describe('data explorer filters', () => {
  it('start from the spec defaults: the last 24 hours as UTC days, avg, 1h, 1000 rows', () => {
    const draft = initialDraft(new URLSearchParams(), new Date('2026-05-03T00:30:00Z'));
    expect(draft).toEqual({
      machineId: '',
      tagId: '',
      tagAlias: '',
      fromDay: '2026-05-02',
      toDay: '2026-05-03',
      aggregation: 'avg',
      interval: '1h',
      limit: '1000',
    });
  });

  it('preselect machine and tag from the hash, parameter names in any case, tag also by alias', () => {
    const byId = initialDraft(new URLSearchParams(`MACHINEID=m1&tagid=${TAGS[1]!.id}`));
    expect([byId.machineId, chosenTagId(byId, TAGS)]).toEqual(['m1', TAGS[1]!.id]);
    const byAlias = initialDraft(new URLSearchParams('machineId=m1&tagAlias=spindle.temp'));
    expect(chosenTagId(byAlias, TAGS)).toBe(TAGS[0]!.id);
    expect(chosenTagId(initialDraft(new URLSearchParams('machineId=m1&tag=RPM')), TAGS)).toBe(TAGS[1]!.id);
  });

  it('send a chosen tag by id, an unknown alias as itself (the api then says the tag is not found)', () => {
    const draft = { ...initialDraft(new URLSearchParams('machineId=33333333-3333-4333-8333-333333333333&tag=gone')), limit: ' 20 ' };
    const query = queryOf(draft, TAGS);
    expect(query).toMatchObject({ machineIds: draft.machineId, tagIds: undefined, tags: 'gone', limit: '20' });
    expect(checkExplorerFilters(query, 'query')).toMatchObject({ ok: true, filters: { tags: ['gone'], limit: 20 } });
    expect(queryOf({ ...draft, tagId: TAGS[0]!.id }, TAGS)).toMatchObject({ tagIds: TAGS[0]!.id, tags: undefined });
  });

  it('let the shared check report machine first, then tag', () => {
    const draft = initialDraft(new URLSearchParams());
    expect(checkExplorerFilters(queryOf(draft, TAGS), 'query')).toEqual({ ok: false, issue: 'select_machine' });
    const machineOnly = { ...draft, machineId: '33333333-3333-4333-8333-333333333333' };
    expect(checkExplorerFilters(queryOf(machineOnly, TAGS), 'query')).toEqual({ ok: false, issue: 'select_tag' });
    expect(checkExplorerFilters(queryOf({ ...machineOnly, tagId: TAGS[1]!.id, limit: '5' }, TAGS), 'query')).toEqual({ ok: false, issue: 'limit_too_small' });
  });
});
