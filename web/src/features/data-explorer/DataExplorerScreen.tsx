import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkExplorerFilters, type ExplorerIssue, type ExplorerQuery, type Machine } from '@taktwerk/common';
import { routeHref } from '../../app/router/hash-route';
import type { ScreenProps } from '../../app/routes';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { useMachines } from '../machines/api';
import { useExplorerRows, useMachineTags } from './api';
import { ExplorerForm } from './ExplorerForm';
import { ExplorerResults } from './ExplorerResults';
import { ExportStatus } from './ExportStatus';
import { chosenTagId, initialDraft, queryOf, type ExplorerDraft } from './filters';
import { issueMessage, queryErrorMessage } from './issues';
import { useExport } from './use-export';
import './data-explorer.css';

/** #data-explorer (spec part 2 §2): query stored values and export them as CSV; machineId and tagId preselect. */
export function DataExplorerScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const machines = useMachines();
  if (!machines.data) return machines.error ? <EmptyState icon="error" title={t('dataExplorer.page.loadFailed')} /> : <LoadingState />;
  if (machines.data.machines.length === 0) {
    return (
      <EmptyState
        icon="database"
        title={t('dataExplorer.page.noMachines')}
        description={t('dataExplorer.page.noMachinesHint')}
        action={
          <a className={buttonClass('primary')} href={routeHref('machines')}>
            {t('dataExplorer.page.toMachines')}
          </a>
        }
      />
    );
  }
  return <ExplorerWorkspace machines={machines.data.machines} params={params} />;
}

function ExplorerWorkspace({ machines, params }: { machines: Machine[]; params: URLSearchParams }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ExplorerDraft>(() => {
    const start = initialDraft(params);
    return machines.some((m) => m.id === start.machineId) ? start : { ...start, machineId: '', tagId: '', tagAlias: '' };
  });
  const [issue, setIssue] = useState<ExplorerIssue | null>(null);
  const [submitted, setSubmitted] = useState<ExplorerQuery | null>(null);
  const tags = useMachineTags(draft.machineId);
  const rows = useExplorerRows(submitted);
  const exporter = useExport();
  const tagList = draft.machineId ? tags.data?.tags : [];

  /** The query of the form, or null after showing why it cannot run (checked here as the api would). */
  function checkedQuery(purpose: 'query' | 'export'): ExplorerQuery | null {
    const query = queryOf(draft, tagList ?? []);
    const result = checkExplorerFilters(query, purpose);
    const found: ExplorerIssue | null = result.ok ? null : result.issue;
    // The api fills in default days for missing ones; an emptied date field is a mistake, reported after machine and tag.
    const choiceMissing = found === 'select_machine' || found === 'select_tag';
    const problem = choiceMissing || (draft.fromDay && draft.toDay) ? found : 'invalid_day';
    setIssue(problem);
    return problem ? null : query;
  }

  function handleRun() {
    const query = checkedQuery('query');
    if (!query) return;
    if (JSON.stringify(query) === JSON.stringify(submitted)) void rows.mutate();
    else setSubmitted(query);
  }

  function handleExport() {
    const query = checkedQuery('export');
    if (query) void exporter.start(query);
  }

  const error = issue ? issueMessage(issue, t) : rows.error ? queryErrorMessage(rows.error, t) : null;
  return (
    <div className="explorer-page">
      <Card title={t('dataExplorer.filters.title')} description={t('dataExplorer.filters.description')}>
        <ExplorerForm
          machines={machines}
          tags={tagList}
          draft={draft}
          tagId={chosenTagId(draft, tagList ?? [])}
          running={rows.isValidating}
          exporting={exporter.state.status === 'running'}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          onRun={handleRun}
          onExport={handleExport}
        />
        <ExportStatus state={exporter.state} onCancel={exporter.cancel} />
      </Card>
      <Card title={t('dataExplorer.results.title')}>
        <ExplorerResults error={error} loading={rows.isLoading} result={rows.data} />
      </Card>
    </div>
  );
}
