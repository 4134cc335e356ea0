import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { exportErrorMessage } from './issues';
import type { ExportState } from './use-export';

function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** Progress of a running CSV export with its cancel button, then how it ended. */
export function ExportStatus({ state, onCancel }: { state: ExportState; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  if (state.status === 'idle') return null;
  if (state.status === 'failed') {
    return (
      <p className="form-error explorer-export" role="alert">
        {exportErrorMessage(state.error, t)}
      </p>
    );
  }
  const progress = state.status === 'canceled' ? null : { rows: numbers.format(state.progress.rows), size: formatBytes(state.progress.bytes, i18n.language) };
  return (
    <div className="explorer-export" role="status">
      {state.status === 'running' && <Spinner size="sm" />}
      <span>
        {state.status === 'running' && t('dataExplorer.export.running', progress!)}
        {state.status === 'done' && t('dataExplorer.export.done', progress!)}
        {state.status === 'canceled' && t('dataExplorer.export.canceled')}
      </span>
      {state.status === 'running' && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('dataExplorer.export.cancel')}
        </Button>
      )}
    </div>
  );
}
