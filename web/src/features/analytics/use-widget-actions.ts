import { useTranslation } from 'react-i18next';
import type { Widget, WidgetCreate, WidgetUpdate } from '@taktwerk/common';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { createWidget, deleteWidget, reorderWidgets, updateWidget, useWidgets } from './api';
import { widgetFailureToast } from './widget-errors';

/** Moves one widget before or after its neighbour among `shown`, keeping every other widget's place in `all`. */
export function movedOrder(all: readonly Widget[], shown: readonly Widget[], widget: Widget, step: -1 | 1): string[] | null {
  const neighbour = shown[shown.findIndex((w) => w.id === widget.id) + step];
  if (!neighbour) return null;
  const ids = all.map((w) => w.id);
  const from = ids.indexOf(widget.id);
  const to = ids.indexOf(neighbour.id);
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * Every change the analytics screen makes to widgets. Toggles and moves show at once and are put back if the api
 * refuses; each failure is the toast of spec part 1 §8 ('Save failed', 'Update failed', 'Delete failed').
 */
export function useWidgetActions() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const widgets = useWidgets();

  /** Throws after the toast, so a dialog stays open with what was typed. */
  async function create(input: WidgetCreate): Promise<void> {
    try {
      await createWidget(input);
    } catch (error) {
      showToast(widgetFailureToast('analytics.errors.saveFailed', error, t));
      throw error;
    }
    await widgets.mutate();
    showToast({ type: 'success', title: t('analytics.form.created') });
  }

  async function edit(widget: Widget, input: WidgetUpdate): Promise<void> {
    try {
      await updateWidget(widget.id, input);
    } catch (error) {
      showToast(widgetFailureToast('analytics.errors.updateFailed', error, t));
      throw error;
    }
    await widgets.mutate();
    showToast({ type: 'success', title: t('analytics.form.saved') });
  }

  async function toggle(widget: Widget, patch: Pick<WidgetUpdate, 'visible' | 'visibleDashboard'>): Promise<void> {
    const current = widgets.data;
    if (!current) return;
    const optimistic = { widgets: current.widgets.map((w) => (w.id === widget.id ? { ...w, ...patch } : w)) };
    try {
      await widgets.mutate(
        async () => {
          await updateWidget(widget.id, patch);
          return undefined;
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: false, revalidate: true },
      );
    } catch (error) {
      showToast(widgetFailureToast('analytics.errors.updateFailed', error, t));
    }
  }

  async function move(shown: readonly Widget[], widget: Widget, step: -1 | 1): Promise<void> {
    const all = widgets.data?.widgets ?? [];
    const ids = movedOrder(all, shown, widget, step);
    if (!ids) return;
    const byId = new Map(all.map((w) => [w.id, w]));
    const reordered = { widgets: ids.map((id, position) => ({ ...byId.get(id)!, position })) };
    try {
      await widgets.mutate(async () => reorderWidgets(ids), { optimisticData: reordered, rollbackOnError: true, revalidate: false });
    } catch (error) {
      showToast(widgetFailureToast('analytics.errors.updateFailed', error, t));
      void widgets.mutate();
    }
  }

  async function remove(widget: Widget): Promise<void> {
    const confirmed = await confirm({ title: t('analytics.delete.title'), message: t('analytics.delete.message', { title: widget.title }) });
    if (!confirmed) return;
    try {
      await deleteWidget(widget.id);
    } catch (error) {
      showToast(widgetFailureToast('analytics.errors.deleteFailed', error, t));
      // Someone else may have changed the list (a widget already deleted answers 404): show what is stored.
      void widgets.mutate();
      return;
    }
    await widgets.mutate();
    showToast({ type: 'success', title: t('analytics.delete.deleted') });
  }

  return { widgets, create, edit, toggle, move, remove };
}
