import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { LanguageSwitch } from '../LanguageSwitch';
import { ThemeToggle } from '../ThemeToggle';
import { useSaveHeaderPreference } from '../preferences/use-save-header-preference';
import { GlobalSearch } from '../../features/search/GlobalSearch';
import { RefreshButton } from './RefreshButton';
import { NotificationBell } from './NotificationBell';

interface HeaderProps {
  title: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function Header({ title, menuOpen, onOpenMenu }: HeaderProps) {
  const { t } = useTranslation();
  const savePreference = useSaveHeaderPreference();
  return (
    <header className="shell-header">
      <Button
        variant="ghost"
        iconOnly
        className="shell-menu-button"
        aria-label={t('shell.header.openMenu')}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={onOpenMenu}
        icon={<Icon name="menu" />}
      />
      <h1 className="shell-title">{title}</h1>
      <GlobalSearch />
      <div className="toolbar">
        <RefreshButton />
        <NotificationBell />
        <LanguageSwitch onChange={(language) => savePreference({ language })} />
        <ThemeToggle onChange={(theme) => savePreference({ theme })} />
      </div>
    </header>
  );
}
