import { useTranslation } from 'react-i18next';
import type { ExplorerResponse, ExplorerRow } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { Table, type TableColumn } from '../../ui/Table';

interface ExplorerResultsProps {
  /** Why the query cannot run or why it failed, shown inline (part 2 §8). */
  error: string | null;
  loading: boolean;
  result: ExplorerResponse | undefined;
}

/** The results panel: idle hint, inline error, loading, empty state or the rows. */
export function ExplorerResults({ error, loading, result }: ExplorerResultsProps) {
  const { t, i18n } = useTranslation();
  const { dateTime } = useDateFormat();
  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (loading) return <LoadingState label={t('dataExplorer.results.loading')} />;
  if (!result) return <p className="explorer-muted">{t('dataExplorer.results.idle')}</p>;

  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const columns: TableColumn<ExplorerRow>[] = [
    { id: 'machine', header: t('dataExplorer.columns.machine'), hideOnMobile: true, cell: (row) => row.machine },
    { id: 'tag', header: t('dataExplorer.columns.tag'), cell: (row) => <code className="explorer-tag">{row.tag}</code> },
    {
      id: 'time',
      header: t('dataExplorer.columns.time'),
      cell: (row) => (
        <time dateTime={row.time} title={row.time}>
          {dateTime(row.time, { seconds: true })}
        </time>
      ),
    },
    {
      id: 'value',
      header: t('dataExplorer.columns.value'),
      align: 'end',
      cell: (row) => (typeof row.value === 'number' ? numbers.format(row.value) : row.value),
    },
    { id: 'quality', header: t('dataExplorer.columns.quality'), align: 'end', hideOnMobile: true, cell: (row) => row.quality ?? t('dataExplorer.results.noQuality') },
  ];
  return (
    <div className="explorer-results">
      <p className="explorer-muted" aria-live="polite">
        {t('dataExplorer.results.count', { count: result.rows.length })}
        {result.truncated && ` · ${t('dataExplorer.results.truncated', { limit: new Intl.NumberFormat(i18n.language).format(result.limit) })}`}
      </p>
      <Table
        columns={columns}
        rows={result.rows}
        rowKey={(row) => `${row.machineId}/${row.tag}/${row.time}`}
        caption={t('dataExplorer.results.caption')}
        empty={<EmptyState icon="database" title={t('dataExplorer.results.empty')} description={t('dataExplorer.results.emptyHint')} />}
      />
    </div>
  );
}
