import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { setTheme, useTheme } from './theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('common.theme.toLight') : t('common.theme.toDark');

  function handleToggle() {
    setTheme(theme === 'dark' ? 'light' : 'dark');
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
