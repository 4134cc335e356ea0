import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useRuleTransfer } from './use-rule-transfer';

/** The owner's rule actions: new rule, export to a JSON file, import from one. */
export function RulesToolbar({ hasRules, onAdd }: { hasRules: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  const { busy, exportAll, importFile } = useRuleTransfer();
  const fileInput = useRef<HTMLInputElement>(null);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again (after fixing it) fires another change.
    event.target.value = '';
    if (file) void importFile(file);
  }

  return (
    <div className="alerts-toolbar">
      <Button variant="primary" icon={<Icon name="plus" />} onClick={onAdd}>
        {t('alerts.rules.add')}
      </Button>
      <div className="alerts-toolbar-transfer">
        <Button busy={busy === 'export'} disabled={!hasRules} onClick={() => void exportAll()}>
          {t('alerts.rules.export')}
        </Button>
        <Button busy={busy === 'import'} onClick={() => fileInput.current?.click()}>
          {t('alerts.rules.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('alerts.rules.import')}
          onChange={handleFile}
        />
      </div>
    </div>
  );
}
