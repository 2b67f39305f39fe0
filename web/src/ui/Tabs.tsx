import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

interface Props<K extends string> {
  /** What the tabs choose between, read as the tab list's name. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

/**
 * Tabs (WAI-ARIA tabs pattern, KRDS 탭): one tab stop; arrow keys, Home and End move between the
 * tabs and select them (the panels are cheap to show); the panel follows the list and is itself
 * focusable so Tab reaches its content next. The caller keeps the selection (often in the URL).
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: Props<K>) {
  const base = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  );

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  }

  const current = tabs[index];
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === current?.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${current.key}`} aria-labelledby={`${base}-tab-${current.key}`} tabIndex={0} className="tabs__panel">
          {current.panel}
        </div>
      )}
    </div>
  );
}
