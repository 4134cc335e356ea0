import { useTranslation } from 'react-i18next';
import type { Preferences } from '@taktwerk/common';
import { Checkbox } from '../../ui/Checkbox';
import type { PreferenceFlag } from './preference-options';

interface PreferenceFlagsProps {
  legend: string;
  flags: readonly PreferenceFlag[];
  values: Preferences;
  onChange: (flag: PreferenceFlag, value: boolean) => void;
}

/** One group of on/off preferences. */
export function PreferenceFlags({ legend, flags, values, onChange }: PreferenceFlagsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-group">
      <legend className="settings-group-title">{legend}</legend>
      {flags.map((flag) => (
        <Checkbox key={flag} label={t(`settings.preferences.${flag}`)} checked={values[flag]} onChange={(e) => onChange(flag, e.target.checked)} />
      ))}
    </fieldset>
  );
}
