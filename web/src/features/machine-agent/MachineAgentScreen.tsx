import { useTranslation } from 'react-i18next';
import { hasPermission, readUsageLimits } from '@taktwerk/common';
import { useAccount } from '../../app/auth/use-account';
import { routeHref } from '../../app/router/hash-route';
import type { ScreenProps } from '../../app/routes';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { LoadingState } from '../../ui/Spinner';
import { useMachines } from '../machines/api';
import { AgentForm } from './AgentForm';
import { AgentStatusPanel } from './AgentStatusPanel';
import { useAgentConfig } from './api';
import './machine-agent.css';

/** #machine-agent (spec part 2 §2); `machineId` in the hash chooses the machine, else the first one. */
export function MachineAgentScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const machines = useMachines();
  if (!machines.data) return machines.error ? <EmptyState icon="error" title={t('machineAgent.page.loadFailed')} /> : <LoadingState />;

  const list = machines.data.machines;
  if (list.length === 0) {
    return (
      <EmptyState
        icon="antenna"
        title={t('machineAgent.page.noMachines')}
        description={t('machineAgent.page.noMachinesHint')}
        action={
          <a className={buttonClass('primary')} href={routeHref('machines')}>
            {t('machineAgent.page.toMachines')}
          </a>
        }
      />
    );
  }
  const selected = list.find((m) => m.id === params.get('machineId')) ?? list[0]!;

  return (
    <div className="agent-page">
      <Field label={t('machineAgent.page.machine')} className="agent-machine-select">
        <Select value={selected.id} onChange={(event) => window.location.replace(routeHref('machine-agent', { machineId: event.target.value }))}>
          {list.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </Field>
      <AgentEditor key={selected.id} machineId={selected.id} />
    </div>
  );
}

function AgentEditor({ machineId }: { machineId: string }) {
  const { t } = useTranslation();
  const { user, organization } = useAccount();
  const config = useAgentConfig(machineId);
  const canWrite = hasPermission(user.role, user.permissions, 'machine:write');

  if (!config.data) {
    if (!config.error) return <LoadingState />;
    return (
      <EmptyState
        icon="error"
        title={t('machineAgent.page.loadFailed')}
        action={<Button onClick={() => void config.mutate()}>{t('machineAgent.page.retry')}</Button>}
      />
    );
  }
  const saved = config.data.config;
  return (
    <>
      <Card title={saved.machineName}>
        <AgentStatusPanel machineId={machineId} status={saved.connectionStatus} />
      </Card>
      <Card title={t('machineAgent.settings.title')} description={canWrite ? undefined : t('machineAgent.page.readOnly')}>
        {/* Remounted after each save, so the form always starts from what the server stored. */}
        <AgentForm key={saved.updatedAt ?? 'defaults'} config={saved} canWrite={canWrite} tagLimit={readUsageLimits(organization.usageLimits).tags} />
      </Card>
    </>
  );
}
