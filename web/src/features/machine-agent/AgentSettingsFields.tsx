import { useTranslation } from 'react-i18next';
import { AGENT_PROTOCOLS, type AgentProtocol } from '@taktwerk/common';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import type { AgentDraft, DraftErrors } from './draft';
import { PROTOCOL_GUIDANCE, PROTOCOL_LABELS } from './protocol-labels';

interface AgentSettingsFieldsProps {
  draft: AgentDraft;
  errors: DraftErrors;
  disabled: boolean;
  onChange: (patch: Partial<AgentDraft>) => void;
}

/** Protocol (with its guidance), endpoint, send interval and buffer size. */
export function AgentSettingsFields({ draft, errors, disabled, onChange }: AgentSettingsFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="agent-settings">
      <Field label={t('machineAgent.settings.protocol')} hint={t(PROTOCOL_GUIDANCE[draft.protocol])} className="agent-settings-protocol">
        <Select value={draft.protocol} disabled={disabled} onChange={(event) => onChange({ protocol: event.target.value as AgentProtocol })}>
          {AGENT_PROTOCOLS.map((protocol) => (
            <option key={protocol} value={protocol}>
              {t(PROTOCOL_LABELS[protocol])}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('machineAgent.settings.endpoint')} error={errors.endpoint} required className="agent-settings-endpoint">
        <Input value={draft.endpoint} disabled={disabled} maxLength={500} spellCheck={false} onChange={(event) => onChange({ endpoint: event.target.value })} />
      </Field>
      <Field label={t('machineAgent.settings.sendInterval')} error={errors.sendIntervalMs}>
        <Input
          type="number"
          inputMode="numeric"
          min={100}
          step={100}
          value={draft.sendIntervalMs}
          disabled={disabled}
          onChange={(event) => onChange({ sendIntervalMs: event.target.value })}
        />
      </Field>
      <Field label={t('machineAgent.settings.bufferSize')} hint={t('machineAgent.settings.bufferHint')} error={errors.bufferSize}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.bufferSize}
          disabled={disabled}
          onChange={(event) => onChange({ bufferSize: event.target.value })}
        />
      </Field>
    </div>
  );
}
