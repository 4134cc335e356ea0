import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@taktwerk/common';
import { backtestDraft, draftIssue, newRuleForm, numberInput, ruleDraft, ruleForm, type RuleFormState } from './rule-draft';

const MACHINE = '6f1f7f5e-4a52-4d0b-9a39-0a4c1c0d2a11';
const filled = (patch: Partial<RuleFormState> = {}): RuleFormState => ({
  ...newRuleForm('owner@example.com'),
  name: 'Hot spindle',
  machineId: MACHINE,
  tag: 'spindle.temp',
  ...patch,
});

describe('rule form', () => {
  it('starts with the spec defaults: threshold, medium, 5 minutes cooldown, one enabled email channel to the author', () => {
    const draft = ruleDraft(newRuleForm('owner@example.com'));
    expect(draft).toMatchObject({
      ruleType: 'threshold',
      severity: 'medium',
      cooldownMinutes: 5,
      enabled: true,
      channels: [{ type: 'email', target: 'owner@example.com', enabled: true }],
      expression: { operator: '>' },
    });
  });

  it('turns non-numeric number input into 0 and rounds whole-number fields', () => {
    expect(numberInput('')).toBe(0);
    expect(numberInput('abc')).toBe(0);
    expect(numberInput('12,5')).toBe(12.5);
    expect(numberInput(' -3 ')).toBe(-3);
    const draft = ruleDraft(filled({ threshold: 'x', duration: '2.6', noDataMinutes: 'e', cooldownMinutes: '7.4', deviationSigma: '1.25' }));
    expect(draft.expression).toMatchObject({ threshold: 0, duration: 3, noDataMinutes: 0, deviationSigma: 1.25 });
    expect(draft.cooldownMinutes).toBe(7);
  });

  it('names the missing required fields, then the number out of range, then the bad channel (spec part 1 §5)', () => {
    expect(draftIssue(ruleDraft(newRuleForm('owner@example.com')))).toEqual({ code: 'required_fields', fields: ['name', 'machineId', 'tag'] });
    expect(draftIssue(ruleDraft(filled({ tag: '' })))).toEqual({ code: 'required_fields', fields: ['tag'] });
    expect(draftIssue(ruleDraft(filled({ duration: '-1' })))).toMatchObject({ code: 'number_out_of_range', field: 'duration', min: 0 });
    // Non-numeric minutes become 0, below the no-data minimum of 1.
    expect(draftIssue(ruleDraft(filled({ ruleType: 'no_data', noDataMinutes: 'soon' })))).toMatchObject({
      code: 'number_out_of_range',
      field: 'noDataMinutes',
      min: 1,
    });
    expect(draftIssue(ruleDraft(filled({ cooldownMinutes: '-5' })))).toMatchObject({ field: 'cooldownMinutes' });
    const channels = [{ type: 'webhook' as const, target: 'not a url', enabled: true }];
    expect(draftIssue(ruleDraft(filled({ channels })))).toEqual({ code: 'invalid_channel_target', index: 0, type: 'webhook' });
    expect(draftIssue(ruleDraft(filled()))).toBeNull();
  });

  it('backtests without channels, so a half-typed channel does not block it', () => {
    const form = filled({ channels: [{ type: 'slack', target: 'https://', enabled: true }] });
    expect(draftIssue(ruleDraft(form))).not.toBeNull();
    expect(backtestDraft(form).channels).toEqual([]);
    expect(draftIssue(backtestDraft(form))).toBeNull();
  });

  it('edits a rule as it is stored', () => {
    const rule: AlertRule = {
      id: '0b7e3d2c-1111-4c3a-8f00-5a5a5a5a5a5a',
      name: 'Silent press',
      description: 'Agent down?',
      ruleType: 'no_data',
      machineId: MACHINE,
      machineName: 'Press 1',
      expression: { tag: 'spindle.temp', operator: '<', threshold: 4.5, duration: 30, noDataMinutes: 12, deviationSigma: 2.5 },
      severity: 'critical',
      channels: [{ type: 'telegram', target: '-100123', enabled: false }],
      enabled: false,
      cooldownMinutes: 0,
      state: 'ok',
      createdBy: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    const { name, description, ruleType, machineId, expression, severity, channels, enabled, cooldownMinutes } = rule;
    expect(ruleDraft(ruleForm(rule))).toEqual({ name, description, ruleType, machineId, expression, severity, channels, enabled, cooldownMinutes });
  });
});
