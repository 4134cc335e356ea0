import {
  alertRuleIssue,
  normalizeAlertRuleDraft,
  readUsageLimits,
  type AlertChannel,
  type AlertRuleInput,
  type AlertRuleIssue,
  type alertRuleDraftSchema,
} from '@taktwerk/common';
import { countAlertRules, listTagTypes, lockOrganizationUsageLimits, type Queryable } from '@taktwerk/db';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { requireMachine } from '../machines/service';

export type ParsedDraft = z.output<typeof alertRuleDraftSchema>;

function issueMessage(issue: AlertRuleIssue): string {
  switch (issue.code) {
    case 'required_fields':
      return 'Please fill in all required fields.';
    case 'number_out_of_range':
      return `${issue.field} must be between ${issue.min} and ${issue.max}.`;
    case 'invalid_channel_target':
      return `Channel ${issue.index + 1} (${issue.type}) has no valid target.`;
  }
}

/** A 400 whose code the web maps to its translated message ('Validierungsfehler' …); details carry the parameters. */
export function ruleIssueError(issue: AlertRuleIssue): AppError {
  const { code, ...details } = issue;
  return new AppError(400, code, issueMessage(issue), details);
}

export const unknownTagError = (tag: string) => new AppError(400, 'unknown_tag', `The machine has no tag "${tag}".`, { tag });

/** The machine's tag by any spelling, as configured (the spelling its values are stored under); null if none. */
export async function configuredTag(db: Queryable, machineId: string, tag: string): Promise<string | null> {
  const wanted = tag.trim().toLowerCase();
  return (await listTagTypes(db, machineId)).find((t) => t.alias.toLowerCase() === wanted)?.alias ?? null;
}

/**
 * A draft made a rule: its rule issues refused, defaults filled in, the machine checked to be the organization's
 * (404 like any foreign id), and the tag one of that machine's, in its configured spelling.
 */
export async function ruleInputOf(db: Queryable, orgId: string, draft: ParsedDraft, channels: AlertChannel[]): Promise<AlertRuleInput> {
  const issue = alertRuleIssue(draft);
  if (issue) throw ruleIssueError(issue);
  const input = normalizeAlertRuleDraft(draft, channels);
  await requireMachine(db, orgId, input.machineId);
  const tag = await configuredTag(db, input.machineId, input.expression.tag);
  if (!tag) throw unknownTagError(input.expression.tag);
  return { ...input, expression: { ...input.expression, tag } };
}

/** Refuses `adding` rules beyond the plan's alert limit. Call inside the transaction that inserts them. */
export async function assertAlertRulesAllowed(db: Queryable, orgId: string, adding: number): Promise<void> {
  const limits = await lockOrganizationUsageLimits(db, orgId);
  const limit = Math.max(0, readUsageLimits(limits).alerts);
  if ((await countAlertRules(db, orgId)) + adding > limit)
    throw new AppError(403, 'limit_reached', `Your plan allows ${limit} alert rule(s). Upgrade your plan to add more.`, { resource: 'alerts', limit });
}
