import { useTranslation } from 'react-i18next';
import type { AgentConnectionStatus } from '@taktwerk/common';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { useAgentStats } from './api';

const STATUS_TONES: Record<AgentConnectionStatus, BadgeTone> = { connected: 'success', error: 'danger', disconnected: 'neutral' };

/** Local midnight as an instant; the same string all day, so the statistics key stays stable. */
function localMidnight(): string {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

/** Connection status of the chosen machine and the points it sent since local midnight (spec part 2 §2). */
export function AgentStatusPanel({ machineId, status }: { machineId: string; status: AgentConnectionStatus }) {
  const { t, i18n } = useTranslation();
  const stats = useAgentStats(machineId, localMidnight());
  const labels: Record<AgentConnectionStatus, string> = {
    connected: t('machineAgent.status.connected'),
    error: t('machineAgent.status.error'),
    disconnected: t('machineAgent.status.disconnected'),
  };
  return (
    <dl className="agent-status">
      <div>
        <dt>{t('machineAgent.status.label')}</dt>
        <dd>
          <Badge tone={STATUS_TONES[status]}>{labels[status]}</Badge>
        </dd>
      </div>
      <div>
        <dt>{t('machineAgent.stats.pointsToday')}</dt>
        <dd className="agent-status-figure">
          {stats.data ? (
            new Intl.NumberFormat(i18n.language).format(stats.data.points)
          ) : stats.error ? (
            <span className="agent-status-error" role="alert">
              {t('machineAgent.stats.errorTitle')}: {t('machineAgent.stats.errorMessage')}
            </span>
          ) : (
            <Spinner size="sm" label />
          )}
        </dd>
      </div>
    </dl>
  );
}
