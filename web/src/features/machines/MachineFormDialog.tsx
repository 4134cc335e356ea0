import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Machine, MachineCreate } from '@taktwerk/common';
import { errorMessage } from '../../app/error-message';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/Toast';
import { limitToast } from './limit-errors';

interface MachineFormDialogProps {
  /** The machine to edit; null adds a new one. */
  machine: Machine | null;
  machineLimit: number;
  onClose: () => void;
  onSubmit: (input: MachineCreate) => Promise<void>;
}

/** 'Add New Machine' / 'Edit Machine' (spec part 1 §2): name (required), description, location. */
export function MachineFormDialog({ machine, machineLimit, onClose, onSubmit }: MachineFormDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [name, setName] = useState(machine?.name ?? '');
  const [description, setDescription] = useState(machine?.description ?? '');
  const [location, setLocation] = useState(machine?.location ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('machines.form.nameRequired'));
      event.currentTarget.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), description: description.trim(), location: location.trim() });
    } catch (error) {
      showToast(limitToast(error, 'machines', machineLimit, t) ?? { type: 'error', title: t('machines.form.saveFailed'), message: errorMessage(error, t) });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={machine ? t('machines.form.editTitle') : t('machines.form.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('machines.form.cancel')}
          </Button>
          <Button type="submit" form="machine-form" variant="primary" busy={busy}>
            {machine ? t('machines.form.save') : t('machines.form.create')}
          </Button>
        </>
      }
    >
      <form id="machine-form" className="form" onSubmit={handleSubmit} noValidate>
        <Field label={t('machines.form.name')} error={nameError} required>
          <Input value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label={t('machines.form.description')}>
          <Input value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
        </Field>
        <Field label={t('machines.form.location')}>
          <Input value={location} maxLength={200} onChange={(event) => setLocation(event.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}
