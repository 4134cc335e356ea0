import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** The header's refresh (spec part 1 §2): reloads everything the current screen shows, without reloading the page. */
export function RefreshButton() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  async function handleRefresh() {
    setBusy(true);
    // Every cached key revalidates; keys of screens not shown refetch when next used.
    await mutate(() => true).finally(() => setBusy(false));
  }

  return (
    <Button
      variant="ghost"
      iconOnly
      aria-label={t('shell.header.refresh')}
      title={t('shell.header.refresh')}
      busy={busy}
      onClick={() => void handleRefresh()}
      icon={<Icon name="refresh" />}
    />
  );
}
