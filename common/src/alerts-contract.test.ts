import { describe, expect, it } from 'vitest';
import {
  alertRuleDraftSchema,
  alertRuleIssue,
  defaultAlertChannels,
  normalizeAlertRuleDraft,
  parseTelegramTarget,
  type AlertRuleDraft,
} from './alerts-contract';

const machineId = '6f1c2a4e-0d3b-4c55-9a77-1e2f3a4b5c6d';
const draft = (overrides: Partial<AlertRuleDraft> = {}) =>
  alertRuleDraftSchema.parse({ name: 'Hot spindle', machineId, expression: { tag: 'spindle.temp' }, ...overrides });

describe('alert rule drafts', () => {
  it('name, machine and tag are required (spec part 1 §5), reported together', () => {
    expect(alertRuleIssue(draft({ name: '  ', machineId: '', expression: { tag: ' ' } }))).toEqual({
      code: 'required_fields',
      fields: ['name', 'machineId', 'tag'],
    });
    expect(alertRuleIssue(draft())).toBeNull();
  });

  it('enforces the number minimums of the form: duration 0, no-data minutes 1, sigma 0, cooldown 0', () => {
    expect(alertRuleIssue(draft({ expression: { tag: 't', duration: -1 } }))).toMatchObject({ code: 'number_out_of_range', field: 'duration', min: 0 });
    expect(alertRuleIssue(draft({ expression: { tag: 't', noDataMinutes: 0 } }))).toMatchObject({ field: 'noDataMinutes', min: 1 });
    expect(alertRuleIssue(draft({ expression: { tag: 't', deviationSigma: -0.1 } }))).toMatchObject({ field: 'deviationSigma', min: 0 });
    expect(alertRuleIssue(draft({ cooldownMinutes: -1 }))).toMatchObject({ field: 'cooldownMinutes', min: 0 });
    expect(alertRuleIssue(draft({ expression: { tag: 't', duration: 0, noDataMinutes: 1, deviationSigma: 0 }, cooldownMinutes: 0 }))).toBeNull();
  });

  it('checks the target of every enabled (or filled-in) channel by its type', () => {
    const channels = (type: 'email' | 'webhook' | 'slack' | 'telegram', target: string, enabled = true) => draft({ channels: [{ type, target, enabled }] });
    expect(alertRuleIssue(channels('email', 'ops@example.com'))).toBeNull();
    expect(alertRuleIssue(channels('email', 'not-an-address'))).toEqual({ code: 'invalid_channel_target', index: 0, type: 'email' });
    expect(alertRuleIssue(channels('webhook', 'https://hooks.example.com/x'))).toBeNull();
    expect(alertRuleIssue(channels('webhook', 'ftp://hooks.example.com/x'))).toMatchObject({ code: 'invalid_channel_target' });
    expect(alertRuleIssue(channels('slack', 'http://hooks.slack.com/services/x'))).toMatchObject({ code: 'invalid_channel_target' });
    expect(alertRuleIssue(channels('telegram', '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ_-abc:-100123'))).toBeNull();
    expect(alertRuleIssue(channels('telegram', '', false))).toBeNull();
    expect(alertRuleIssue(channels('telegram', 'nonsense', false))).toMatchObject({ code: 'invalid_channel_target' });
  });

  it('fills in the spec defaults: threshold type, medium severity, 5 minute cooldown, one enabled email channel', () => {
    expect(normalizeAlertRuleDraft(draft({ name: ' Hot ', description: '  ' }), defaultAlertChannels('owner@example.com'))).toEqual({
      name: 'Hot',
      description: null,
      ruleType: 'threshold',
      machineId,
      expression: { tag: 'spindle.temp', operator: '>', threshold: 0, duration: 0, noDataMinutes: 5, deviationSigma: 3 },
      severity: 'medium',
      channels: [{ type: 'email', target: 'owner@example.com', enabled: true }],
      enabled: true,
      cooldownMinutes: 5,
    });
    expect(normalizeAlertRuleDraft(draft({ expression: { tag: 't', deviationSigma: 0.3 } }), []).expression.deviationSigma).toBe(0.3);
    expect(normalizeAlertRuleDraft(draft({ expression: { tag: 't', deviationSigma: 2.46 } }), []).expression.deviationSigma).toBe(2.5);
  });

  it('refuses unknown fields and non-numbers', () => {
    expect(alertRuleDraftSchema.safeParse({ name: 'x', machineId, expression: { tag: 't' }, orgId: machineId }).success).toBe(false);
    expect(alertRuleDraftSchema.safeParse({ name: 'x', machineId, expression: { tag: 't', threshold: '5' } }).success).toBe(false);
    expect(alertRuleDraftSchema.safeParse({ name: 'x', machineId, expression: { tag: 't', duration: 1.5 } }).success).toBe(false);
  });

  it('reads a telegram target as "<chat id>" or "<bot token>:<chat id>" (the bot token has a colon of its own)', () => {
    expect(parseTelegramTarget('123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ_-abc:@plant_alerts')).toEqual({
      botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ_-abc',
      chatId: '@plant_alerts',
    });
    expect(parseTelegramTarget('-1001234567890')).toEqual({ botToken: null, chatId: '-1001234567890' });
    expect(parseTelegramTarget('123456:short:1')).toBeNull();
  });
});
