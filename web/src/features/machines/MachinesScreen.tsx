import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, readUsageLimits, type Machine, type MachineCreate } from '@taktwerk/common';
import { useAccount, useMe } from '../../app/auth/use-account';
import { errorMessage } from '../../app/error-message';
import { navigate, routeHref } from '../../app/router/hash-route';
import type { ScreenProps } from '../../app/routes';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { createMachine, deleteMachine, rotateMachineToken, updateMachine, useMachines } from './api';
import { limitReachedToast } from './limit-errors';
import { MachineFormDialog } from './MachineFormDialog';
import { MachineGrid } from './MachineGrid';
import { TokenDialog } from './TokenDialog';
import './machines.css';

/**
 * #machines (spec part 1 §2). `machineId` (or `id`) in the hash opens that machine's edit form, with `action=token`
 * its token dialog, so both can be linked to; closing returns to plain #machines.
 */
export function MachinesScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { user, organization } = useAccount();
  const me = useMe();
  const machines = useMachines();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const [adding, setAdding] = useState(false);
  const [fresh, setFresh] = useState<{ machineId: string; token: string } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const canWrite = hasPermission(user.role, user.permissions, 'machine:write');
  const machineLimit = readUsageLimits(organization.usageLimits).machines;
  const targetId = params.get('machineId') ?? params.get('id');
  const target = canWrite ? (machines.data?.machines.find((m) => m.id === targetId) ?? null) : null;
  const tokenTarget = target && params.get('action') === 'token' ? target : null;
  const editTarget = target && !tokenTarget ? target : null;

  async function refresh() {
    await machines.mutate();
    // The sidebar shows machines used of the plan limit.
    void me.mutate();
  }

  function handleCloseDialogs() {
    setAdding(false);
    setFresh(null);
    if (targetId) navigate('machines', { replace: true });
    // The token dialog after adding a machine has no opener left to return focus to.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) addButton.current?.focus();
    });
  }

  function handleAdd() {
    if ((machines.data?.machines.length ?? 0) >= machineLimit) showToast(limitReachedToast('machines', machineLimit, t));
    else setAdding(true);
  }

  async function handleCreate(input: MachineCreate) {
    const created = await createMachine(input);
    await refresh();
    setAdding(false);
    setFresh({ machineId: created.machine.id, token: created.token });
    showToast({ type: 'success', title: t('machines.form.created') });
    window.location.hash = routeHref('machines', { machineId: created.machine.id, action: 'token' });
  }

  async function handleUpdate(input: MachineCreate) {
    await updateMachine(editTarget!.id, input);
    await machines.mutate();
    showToast({ type: 'success', title: t('machines.form.saved') });
    handleCloseDialogs();
  }

  async function handleRotate() {
    const rotated = await rotateMachineToken(tokenTarget!.id);
    setFresh({ machineId: rotated.machine.id, token: rotated.token });
    await machines.mutate();
  }

  async function handleDelete(machine: Machine) {
    const confirmed = await confirm({ title: t('machines.delete.title'), message: t('machines.delete.message', { name: machine.name }) });
    if (!confirmed) return;
    try {
      await deleteMachine(machine.id);
      await refresh();
      showToast({ type: 'success', title: t('machines.delete.deleted') });
    } catch (error) {
      showToast({ type: 'error', title: t('machines.delete.failed'), message: errorMessage(error, t) });
    }
  }

  return (
    <div className="machines-page">
      {canWrite && (machines.data?.machines.length ?? 0) > 0 && (
        <div className="machines-toolbar">
          <Button ref={addButton} variant="primary" onClick={handleAdd}>
            {t('machines.list.add')}
          </Button>
        </div>
      )}
      <MachineGrid
        machines={machines.data?.machines}
        failed={Boolean(machines.error)}
        canWrite={canWrite}
        onRetry={() => void machines.mutate()}
        onAdd={handleAdd}
        onDelete={handleDelete}
      />
      {(adding || editTarget) && (
        <MachineFormDialog
          key={editTarget?.id ?? 'new'}
          machine={editTarget}
          machineLimit={machineLimit}
          onClose={handleCloseDialogs}
          onSubmit={editTarget ? handleUpdate : handleCreate}
        />
      )}
      {tokenTarget && (
        <TokenDialog
          machine={tokenTarget}
          freshToken={fresh?.machineId === tokenTarget.id ? fresh.token : null}
          onClose={handleCloseDialogs}
          onRotate={handleRotate}
        />
      )}
    </div>
  );
}
