import { useTranslation } from 'react-i18next';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Spinner';

/** Shown until the session is known, and while signing out. */
export function BootScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="boot-screen">
      <Logo compact />
      <Spinner size="lg" label={label ?? t('shell.boot.loading')} />
    </div>
  );
}
