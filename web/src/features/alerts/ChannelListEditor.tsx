import { useTranslation } from 'react-i18next';
import { ALERT_CHANNEL_TYPES, ALERT_MAX_CHANNELS, type AlertChannel, type AlertChannelType } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Field } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';

interface ChannelListEditorProps {
  channels: AlertChannel[];
  onChange: (channels: AlertChannel[]) => void;
  /** The message of the channel whose target is not valid for its type, by index. */
  errorOf: (index: number) => string | null;
  defaultEmail: string;
}

/** Where a rule notifies: email, webhook, Slack or Telegram, each with its target and an enabled flag. */
export function ChannelListEditor({ channels, onChange, errorOf, defaultEmail }: ChannelListEditorProps) {
  const { t } = useTranslation();

  function handleChange(index: number, patch: Partial<AlertChannel>) {
    onChange(channels.map((channel, i) => (i === index ? { ...channel, ...patch } : channel)));
  }

  function handleType(index: number, type: AlertChannelType) {
    // The author's address is the obvious email target; another type's target never fits the new one.
    handleChange(index, { type, target: type === 'email' ? defaultEmail : '' });
  }

  return (
    <fieldset className="alert-form-section">
      <legend>{t('alerts.form.channels')}</legend>
      {channels.length === 0 && <p className="alert-muted">{t('alerts.form.noChannels')}</p>}
      <ol className="alert-channels">
        {channels.map((channel, index) => (
          <li key={index} className="alert-channel" aria-label={t('alerts.form.channelNumber', { index: index + 1 })}>
            <Field label={t('alerts.form.channelType')} className="alert-channel-type">
              <Select value={channel.type} onChange={(e) => handleType(index, e.target.value as AlertChannelType)}>
                {ALERT_CHANNEL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`alerts.channels.${type}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('alerts.form.channelTarget')} className="alert-channel-target" error={errorOf(index)}>
              <Input
                value={channel.target}
                maxLength={2000}
                type={channel.type === 'email' ? 'email' : channel.type === 'telegram' ? 'text' : 'url'}
                placeholder={t(`alerts.form.targetPlaceholder.${channel.type}`)}
                onChange={(e) => handleChange(index, { target: e.target.value })}
              />
            </Field>
            <Checkbox
              className="alert-channel-enabled"
              label={t('alerts.form.channelEnabled')}
              checked={channel.enabled}
              onChange={(e) => handleChange(index, { enabled: e.target.checked })}
            />
            <Button
              variant="ghost"
              size="sm"
              iconOnly
              className="alert-channel-remove"
              icon={<Icon name="trash" />}
              aria-label={t('alerts.form.removeChannel', { index: index + 1 })}
              onClick={() => onChange(channels.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      {channels.length < ALERT_MAX_CHANNELS && (
        <Button
          size="sm"
          icon={<Icon name="plus" />}
          onClick={() => onChange([...channels, { type: 'email', target: channels.length === 0 ? defaultEmail : '', enabled: true }])}
        >
          {t('alerts.form.addChannel')}
        </Button>
      )}
    </fieldset>
  );
}
