import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type ApiKeyCreatedResponse, type ApiKeyScope } from '@taktwerk/common';
import { ApiError } from '../../app/api-client';
import { errorMessage } from '../../app/error-message';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/Toast';
import { createApiKey } from './api';
import { SCOPE_HINTS } from './scope-labels';

interface CreateKeyDialogProps {
  onClose: () => void;
  onCreated: (created: ApiKeyCreatedResponse) => void;
}

/** Local date (YYYY-MM-DD) → the end of that day as an instant: the key works through the chosen day. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59.999`).toISOString();
// The Swedish locale writes dates as YYYY-MM-DD, the value format of a date input.
const today = () => new Date().toLocaleDateString('sv-SE');

/** Spec part 1 §5: a trimmed, non-empty label and at least one scope; an optional expiry. */
export function CreateKeyDialog({ onClose, onCreated }: CreateKeyDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['ingest:write']);
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<{ label?: string; scopes?: string }>({});
  const [busy, setBusy] = useState(false);

  function handleToggle(scope: ApiKeyScope, checked: boolean) {
    setScopes((current) => (checked ? API_KEY_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = {
      label: label.trim() ? undefined : t('apiKeys.create.labelRequired'),
      scopes: scopes.length > 0 ? undefined : t('apiKeys.create.scopesRequired'),
    };
    setErrors(next);
    if (next.label || next.scopes) {
      event.currentTarget.querySelector<HTMLElement>(next.label ? 'input' : '.scope-fieldset input')?.focus();
      return;
    }
    setBusy(true);
    try {
      onCreated(await createApiKey({ label: label.trim(), scopes, expiresAt: expiresOn ? endOfDay(expiresOn) : null }));
    } catch (error) {
      // A 2xx whose body lacks the key fails validation in the api client.
      const noKey = error instanceof ApiError && error.code === 'invalid_response';
      showToast({ type: 'error', title: t('apiKeys.create.failed'), message: noKey ? t('apiKeys.create.noKey') : errorMessage(error, t) });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={t('apiKeys.create.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('apiKeys.create.cancel')}
          </Button>
          <Button type="submit" form="api-key-form" variant="primary" busy={busy}>
            {t('apiKeys.create.submit')}
          </Button>
        </>
      }
    >
      <form id="api-key-form" className="form" onSubmit={handleSubmit} noValidate>
        <Field label={t('apiKeys.create.label')} error={errors.label} required>
          <Input value={label} maxLength={100} onChange={(event) => setLabel(event.target.value)} />
        </Field>
        <fieldset className="scope-fieldset">
          <legend className="field-label">{t('apiKeys.create.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={scope}
              hint={t(SCOPE_HINTS[scope])}
              checked={scopes.includes(scope)}
              onChange={(event) => handleToggle(scope, event.target.checked)}
            />
          ))}
          {errors.scopes && <p className="field-error">{errors.scopes}</p>}
        </fieldset>
        <Field label={t('apiKeys.create.expiresAt')} hint={t('apiKeys.create.expiresHint')}>
          <Input type="date" min={today()} value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}
