import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { setTheme, useTheme, type Theme } from './theme';

/** onChange: the signed-in header saves the choice to the preferences. */
export function ThemeToggle({ onChange }: { onChange?: (theme: Theme) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('common.theme.toLight') : t('common.theme.toDark');

  function handleToggle() {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    onChange?.(next);
  }

  return (
    <Button
      variant="ghost"
      iconOnly
      aria-label={label}
      title={label}
      onClick={handleToggle}
      icon={<Icon name={theme === 'dark' ? 'sun' : 'moon'} />}
    />
  );
}
