import type { AgentTagInput } from '@taktwerk/common';
import type { TagConfigRow } from '@taktwerk/db';

export interface TagPlan {
  updates: { row: TagConfigRow; tag: AgentTagInput }[];
  inserts: AgentTagInput[];
  deletions: string[];
  /** Ids sent that are not tags of this machine. */
  unknownIds: string[];
}

/**
 * How a saved tag list changes the machine's tags (spec part 2 §4 "Agent save"): a tag sent with its id updates
 * that tag; one without an id updates the existing tag with the same alias (ignoring case) or else the same node
 * id; the rest are inserted, and existing tags that nothing matched are deleted.
 */
export function planTagChanges(existing: TagConfigRow[], tags: AgentTagInput[]): TagPlan {
  const remaining = new Map(existing.map((row) => [row.id, row]));
  const plan: TagPlan = { updates: [], inserts: [], deletions: [], unknownIds: [] };
  const take = (row: TagConfigRow | undefined, tag: AgentTagInput) => {
    if (!row) return false;
    remaining.delete(row.id);
    plan.updates.push({ row, tag });
    return true;
  };
  for (const tag of tags.filter((t) => t.id)) {
    if (!take(remaining.get(tag.id!), tag)) plan.unknownIds.push(tag.id!);
  }
  for (const tag of tags.filter((t) => !t.id)) {
    const candidates = [...remaining.values()];
    const byAlias = candidates.find((row) => row.alias.toLowerCase() === tag.alias.toLowerCase());
    const byPath = candidates.find((row) => row.path !== '' && row.path === tag.nodeId);
    if (!take(byAlias ?? byPath, tag)) plan.inserts.push(tag);
  }
  plan.deletions = [...remaining.keys()];
  return plan;
}
