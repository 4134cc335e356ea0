import { alertExpressionSchema, parseTelegramTarget, type AlertChannel, type AlertRule } from '@taktwerk/common';
import type { AlertRuleRow } from '@taktwerk/db';

/**
 * Channel targets can be credentials (a Slack or webhook URL, a Telegram bot token): those who may only read rules
 * see where a channel goes, not how to post to it.
 */
export function maskChannelTarget(channel: AlertChannel): string {
  switch (channel.type) {
    case 'email':
      return channel.target;
    case 'webhook':
    case 'slack':
      try {
        return `${new URL(channel.target).origin}/…`;
      } catch {
        return '…';
      }
    case 'telegram':
      return parseTelegramTarget(channel.target)?.chatId ?? '…';
  }
}

export function presentRule(row: AlertRuleRow, canWrite: boolean): AlertRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ruleType: row.rule_type,
    machineId: row.machine_id,
    machineName: row.machine_name,
    expression: alertExpressionSchema.parse(row.expression),
    severity: row.severity,
    channels: row.channels.map((c) => ({ type: c.type, target: canWrite ? c.target : maskChannelTarget(c), enabled: c.enabled })),
    enabled: row.enabled,
    cooldownMinutes: row.cooldown_minutes,
    state: row.state,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
