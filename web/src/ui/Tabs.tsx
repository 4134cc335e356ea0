import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './class-names';

export interface TabItem {
  id: string;
  label: ReactNode;
}

interface TabsProps {
  tabs: readonly TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Names the tab list for screen readers. */
  label: string;
  /** The content of the selected tab. */
  children: ReactNode;
}

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs. */
export function Tabs({ tabs, selectedId, onSelect, label, children }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.id === selectedId);
    const targets: Record<string, number> = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = tabs[targets[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  }

  return (
    <div className="tabs">
      <div ref={listRef} className="tabs-list" role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className={cx('tabs-tab', selected && 'tabs-tab-selected')}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} className="tabs-panel" role="tabpanel" aria-labelledby={tabId(selectedId)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
