import { MIN_SAMPLE_INTERVAL_MS, TAG_DEFAULTS, type AgentConfig, type AgentConfigInput, type AgentProtocol, type TagDataType } from '@taktwerk/common';
import type { TFunction } from 'i18next';

/** A tag row being edited; numbers stay text until saved so that typing is never fought. */
export interface DraftTag {
  /** Stable React key: the tag id, or a local one for new rows. */
  key: string;
  id?: string;
  nodeId: string;
  alias: string;
  enabled: boolean;
  sampleIntervalMs: string;
  dataType: TagDataType;
}

export interface AgentDraft {
  protocol: AgentProtocol;
  endpoint: string;
  sendIntervalMs: string;
  bufferSize: string;
  tags: DraftTag[];
}

export type TagErrors = Partial<Record<'nodeId' | 'alias' | 'sampleIntervalMs', string>>;
export interface DraftErrors {
  endpoint?: string;
  sendIntervalMs?: string;
  bufferSize?: string;
  tags: Record<string, TagErrors>;
}

let localKeys = 0;

export function newDraftTag(): DraftTag {
  localKeys += 1;
  return {
    key: `new-${localKeys}`,
    nodeId: '',
    alias: '',
    enabled: true,
    sampleIntervalMs: String(TAG_DEFAULTS.sampleIntervalMs),
    dataType: TAG_DEFAULTS.dataType,
  };
}

export function draftFromConfig(config: AgentConfig): AgentDraft {
  return {
    protocol: config.protocol,
    endpoint: config.endpoint,
    sendIntervalMs: String(config.sendIntervalMs),
    bufferSize: String(config.bufferSize),
    tags: config.tags.map((tag) => ({ ...tag, key: tag.id, sampleIntervalMs: String(tag.sampleIntervalMs) })),
  };
}

const whole = (text: string, min: number, max: number) => {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= min && value <= max ? value : null;
};

/** Checks a draft with the API's rules (part 2 §5: sample interval at least 100 ms); the input when valid. */
export function validateDraft(draft: AgentDraft, t: TFunction): { errors: DraftErrors; input: AgentConfigInput | null } {
  const sendIntervalMs = whole(draft.sendIntervalMs, 100, 3_600_000);
  const bufferSize = whole(draft.bufferSize, 1, 100_000);
  const errors: DraftErrors = {
    endpoint: draft.endpoint.trim() ? undefined : t('machineAgent.settings.endpointRequired'),
    sendIntervalMs: sendIntervalMs === null ? t('machineAgent.settings.sendIntervalRange') : undefined,
    bufferSize: bufferSize === null ? t('machineAgent.settings.bufferSizeRange') : undefined,
    tags: {},
  };
  const aliases = draft.tags.map((tag) => tag.alias.trim().toLowerCase());
  const tags = draft.tags.map((tag, index) => {
    const sample = whole(tag.sampleIntervalMs, MIN_SAMPLE_INTERVAL_MS, 86_400_000);
    const alias = tag.alias.trim();
    const tagErrors: TagErrors = {
      nodeId: tag.nodeId.trim() ? undefined : t('machineAgent.tags.nodeIdRequired'),
      alias: !alias ? t('machineAgent.tags.aliasRequired') : aliases.indexOf(alias.toLowerCase()) !== index ? t('machineAgent.tags.aliasDuplicate') : undefined,
      sampleIntervalMs: sample === null ? t('machineAgent.tags.sampleMin') : undefined,
    };
    if (Object.values(tagErrors).some(Boolean)) errors.tags[tag.key] = tagErrors;
    return { id: tag.id, nodeId: tag.nodeId.trim(), alias, enabled: tag.enabled, sampleIntervalMs: sample ?? 0, dataType: tag.dataType };
  });
  if (errors.endpoint || sendIntervalMs === null || bufferSize === null || Object.keys(errors.tags).length > 0) return { errors, input: null };
  return { errors, input: { protocol: draft.protocol, endpoint: draft.endpoint.trim(), sendIntervalMs, bufferSize, tags } };
}
