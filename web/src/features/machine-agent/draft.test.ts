import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, type AgentConfig } from '@taktwerk/common';
import { en } from '../../i18n';
import { draftFromConfig, newDraftTag, validateDraft, type AgentDraft } from './draft';

beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en } }, lng: 'en' });
});

const config: AgentConfig = {
  machineId: '00000000-0000-4000-8000-000000000001',
  machineName: 'Press',
  protocol: AGENT_DEFAULTS.protocol,
  endpoint: AGENT_DEFAULTS.endpoint,
  sendIntervalMs: AGENT_DEFAULTS.sendIntervalMs,
  bufferSize: AGENT_DEFAULTS.bufferSize,
  tags: [{ id: '00000000-0000-4000-8000-000000000002', nodeId: 'ns=2;s=T', alias: 'temp', enabled: true, sampleIntervalMs: 1000, dataType: 'Double' }],
  saved: false,
  updatedAt: null,
  connectionStatus: 'disconnected',
};

describe('agent draft', () => {
  it('turns a loaded configuration back into the same input', () => {
    const { input } = validateDraft(draftFromConfig(config), i18n.t);
    expect(input).toEqual({
      protocol: 'opcua',
      endpoint: 'opc.tcp://localhost:4840',
      sendIntervalMs: 5000,
      bufferSize: 100,
      tags: [{ id: config.tags[0]!.id, nodeId: 'ns=2;s=T', alias: 'temp', enabled: true, sampleIntervalMs: 1000, dataType: 'Double' }],
    });
  });

  it('adds tags with the spec defaults: sample interval 1000 ms, Double, enabled', () => {
    expect(newDraftTag()).toMatchObject({ sampleIntervalMs: '1000', dataType: 'Double', enabled: true, nodeId: '', alias: '' });
    expect(newDraftTag().key).not.toBe(newDraftTag().key);
  });

  it('refuses sample intervals under 100 ms, blank fields, duplicate aliases and out-of-range settings', () => {
    const draft: AgentDraft = {
      ...draftFromConfig(config),
      endpoint: ' ',
      sendIntervalMs: '99',
      bufferSize: 'many',
      tags: [
        { ...newDraftTag(), key: 'a', nodeId: 'x', alias: 'Temp', sampleIntervalMs: '99' },
        { ...newDraftTag(), key: 'b', nodeId: '', alias: 'temp', sampleIntervalMs: '100' },
      ],
    };
    const { errors, input } = validateDraft(draft, i18n.t);
    expect(input).toBeNull();
    expect(errors).toEqual({
      endpoint: 'Enter the endpoint.',
      sendIntervalMs: 'Between 100 and 3,600,000 ms.',
      bufferSize: 'Between 1 and 100,000 values.',
      tags: {
        a: { sampleIntervalMs: 'At least 100 ms.' },
        b: { nodeId: 'Enter the node id.', alias: 'Aliases must be unique.' },
      },
    });
  });
});
