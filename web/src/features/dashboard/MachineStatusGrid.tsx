import { useTranslation } from 'react-i18next';
import type { DashboardMachine, MachineStatus } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { routeHref } from '../../app/router/hash-route';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';

const TONES: Record<MachineStatus, BadgeTone> = { online: 'success', offline: 'neutral', error: 'danger', connecting: 'warning' };

/** The machine status panel (spec part 1 §2); each machine links to it on the machines screen. */
export function MachineStatusGrid({ machines }: { machines: DashboardMachine[] }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  if (machines.length === 0) return <EmptyState icon="factory" title={t('dashboard.machines.empty')} />;
  return (
    <ul className="status-grid">
      {machines.map((machine) => (
        <li key={machine.id}>
          <a className="status-tile" href={routeHref('machines', { machineId: machine.id })} data-machine-id={machine.id}>
            <span className="status-tile-head">
              <span className="status-tile-name">{machine.name}</span>
              <Badge tone={TONES[machine.status]}>{t(`machines.status.${machine.status}`)}</Badge>
            </span>
            {machine.description && <span className="status-tile-description">{machine.description}</span>}
            <span className="status-tile-facts">
              <span>{t('dashboard.machines.tags', { count: machine.tagCount })}</span>
              <span className={machine.openAlerts > 0 ? 'status-tile-alerts' : undefined}>
                {t('dashboard.machines.alerts', { count: machine.openAlerts })}
              </span>
              <span>
                {t('dashboard.machines.lastUpdate')}: {machine.lastUpdate ? dateTime(machine.lastUpdate) : t('dashboard.machines.never')}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
