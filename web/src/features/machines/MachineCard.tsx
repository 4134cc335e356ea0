import { useTranslation } from 'react-i18next';
import type { Machine, MachineStatus } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { routeHref } from '../../app/router/hash-route';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { formatTagValue } from './format';

const STATUS_TONES: Record<MachineStatus, BadgeTone> = { online: 'success', offline: 'neutral', error: 'danger', connecting: 'warning' };

interface MachineCardProps {
  machine: Machine;
  canWrite: boolean;
  onDelete: (machine: Machine) => void;
}

/** One machine of the grid (spec part 1 §2): status, name, description, location, tags, last update, 3 current values. */
export function MachineCard({ machine, canWrite, onDelete }: MachineCardProps) {
  const { t, i18n } = useTranslation();
  const { dateTime } = useDateFormat();
  const status = machine.displayStatus;
  const statusLabels: Record<MachineStatus, string> = {
    online: t('machines.status.online'),
    offline: t('machines.status.offline'),
    error: t('machines.status.error'),
    connecting: t('machines.status.connecting'),
  };
  const moreTags = machine.enabledTagCount - machine.previewTags.length;

  return (
    <article className="machine-card" aria-labelledby={`machine-${machine.id}`}>
      <header className="machine-card-header">
        <span className={`machine-status-icon machine-status-${status}`} role="img" aria-label={statusLabels[status]}>
          <Icon name="factory" />
        </span>
        <h2 id={`machine-${machine.id}`} className="machine-card-name">
          {machine.name}
        </h2>
        <Badge tone={STATUS_TONES[status]}>{statusLabels[status]}</Badge>
      </header>
      {machine.description && <p className="machine-card-description">{machine.description}</p>}
      <dl className="machine-card-facts">
        <div>
          <dt>{t('machines.card.location')}</dt>
          <dd>{machine.location || t('machines.card.noValue')}</dd>
        </div>
        <div>
          <dt>{t('machines.card.tags')}</dt>
          <dd>{machine.tagCount}</dd>
        </div>
        <div>
          <dt>{t('machines.card.lastUpdate')}</dt>
          <dd>{machine.lastUpdate ? dateTime(machine.lastUpdate) : t('machines.card.never')}</dd>
        </div>
      </dl>
      <ul className="machine-card-tags">
        {machine.previewTags.map((tag) => (
          <li key={tag.id}>
            <span className="machine-card-tag-alias">{tag.alias}</span>
            <span className="machine-card-tag-value">{formatTagValue(tag, t, i18n.language)}</span>
          </li>
        ))}
        {machine.previewTags.length === 0 && <li className="machine-card-muted">{t('machines.card.noEnabledTags')}</li>}
      </ul>
      {moreTags > 0 && <p className="machine-card-muted">{t('machines.card.moreTags', { count: moreTags })}</p>}
      {canWrite && (
        <div className="machine-card-actions" role="group" aria-label={t('machines.card.actions', { name: machine.name })}>
          <a className={buttonClass('secondary', 'sm')} href={routeHref('machines', { machineId: machine.id })}>
            {t('machines.card.edit')}
          </a>
          <a className={buttonClass('secondary', 'sm')} href={routeHref('machines', { machineId: machine.id, action: 'token' })}>
            {t('machines.card.token')}
          </a>
          <Button size="sm" variant="ghost" className="machine-card-delete" onClick={() => onDelete(machine)}>
            {t('machines.card.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
