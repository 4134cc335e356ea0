import { useTranslation } from 'react-i18next';
import type { Machine } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { MachineCard } from './MachineCard';

interface MachineGridProps {
  machines: Machine[] | undefined;
  failed: boolean;
  canWrite: boolean;
  onRetry: () => void;
  onAdd: () => void;
  onDelete: (machine: Machine) => void;
}

/** The card grid with its loading, error and empty states. */
export function MachineGrid({ machines, failed, canWrite, onRetry, onAdd, onDelete }: MachineGridProps) {
  const { t } = useTranslation();
  if (!machines && failed) {
    return (
      <EmptyState
        icon="error"
        title={t('machines.list.loadFailed')}
        action={<Button onClick={onRetry}>{t('machines.list.retry')}</Button>}
      />
    );
  }
  if (!machines) return <LoadingState />;
  if (machines.length === 0) {
    return (
      <EmptyState
        icon="factory"
        title={t('machines.list.empty')}
        description={canWrite ? t('machines.list.emptyOwner') : t('machines.list.emptyMember')}
        action={
          canWrite && (
            <Button variant="primary" onClick={onAdd}>
              {t('machines.list.add')}
            </Button>
          )
        }
      />
    );
  }
  return (
    <div className="machine-grid" aria-label={t('machines.list.label')} role="list">
      {machines.map((machine) => (
        <div role="listitem" key={machine.id}>
          <MachineCard machine={machine} canWrite={canWrite} onDelete={onDelete} />
        </div>
      ))}
    </div>
  );
}
