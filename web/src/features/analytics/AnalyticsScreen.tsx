import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { DEFAULT_ANALYTICS_RANGE, hasPermission, WIDGET_WRITE_PERMISSION, type Widget } from '@taktwerk/common';
import { useAccount } from '../../app/auth/use-account';
import { useMachines } from '../machines/api';
import { MACHINE_WRITE_PERMISSION, isWidgetDataKey } from './api';
import { AnalyticsToolbar } from './AnalyticsToolbar';
import type { AnalyticsRange } from './labels';
import { TagConfigDialog } from './TagConfigDialog';
import { useWidgetActions } from './use-widget-actions';
import { WidgetFormDialog } from './WidgetFormDialog';
import { shownWidgets, WidgetGrid } from './WidgetGrid';
import './analytics.css';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; widget: Widget } | { kind: 'tags' } | null;

/** #analytics (spec part 1 §2): the widget grid over a range (default 24 h), with hidden widgets on request. */
export function AnalyticsScreen() {
  const { user } = useAccount();
  const canWrite = hasPermission(user.role, user.permissions, WIDGET_WRITE_PERMISSION);
  const canEditTags = hasPermission(user.role, user.permissions, MACHINE_WRITE_PERMISSION);
  const { widgets, create, edit, toggle, move, remove } = useWidgetActions();
  const machines = useMachines().data?.machines;
  const { mutate } = useSWRConfig();
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [showHidden, setShowHidden] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [refreshing, setRefreshing] = useState(false);
  const all = widgets.data?.widgets;

  async function handleRefresh() {
    setRefreshing(true);
    await Promise.all([widgets.mutate(), mutate(isWidgetDataKey)]).finally(() => setRefreshing(false));
  }

  async function handleSubmit(input: Parameters<typeof create>[0]) {
    if (dialog?.kind === 'edit') await edit(dialog.widget, input);
    else await create(input);
    setDialog(null);
  }

  return (
    <div className="analytics-page">
      <AnalyticsToolbar
        range={range}
        showHidden={showHidden}
        refreshing={refreshing}
        canWrite={canWrite}
        canEditTags={canEditTags && Boolean(machines?.length)}
        onRange={setRange}
        onShowHidden={setShowHidden}
        onRefresh={() => void handleRefresh()}
        onAdd={() => setDialog({ kind: 'add' })}
        onEditTags={() => setDialog({ kind: 'tags' })}
      />
      <WidgetGrid
        widgets={all}
        failed={Boolean(widgets.error)}
        showHidden={showHidden}
        range={range}
        canWrite={canWrite}
        onRetry={() => void widgets.mutate()}
        onAdd={() => setDialog({ kind: 'add' })}
        onEdit={(widget) => setDialog({ kind: 'edit', widget })}
        onToggle={(widget, patch) => void toggle(widget, patch)}
        onMove={(widget, step) => void move(shownWidgets(all ?? [], showHidden), widget, step)}
        onDelete={(widget) => void remove(widget)}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <WidgetFormDialog
          key={dialog.kind === 'edit' ? dialog.widget.id : 'new'}
          widget={dialog.kind === 'edit' ? dialog.widget : null}
          machines={machines ?? []}
          onClose={() => setDialog(null)}
          onSubmit={handleSubmit}
        />
      )}
      {dialog?.kind === 'tags' && (
        <TagConfigDialog machines={machines ?? []} onSaved={() => void widgets.mutate()} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
