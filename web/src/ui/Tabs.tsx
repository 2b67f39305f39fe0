import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget, tabOrFirst } from './tab-keys';
import './tabs.css';

export interface TabItem {
  /** Stable and short: the caller may put it in the URL. */
  id: string;
  label: string;
  panel: ReactNode;
}

interface Props {
  /** The tab list's accessible name: what the tabs choose between. */
  label: string;
  tabs: readonly TabItem[];
  /** The selected tab's id; an id that is not one of `tabs` selects the first. */
  selected: string;
  onChange: (id: string) => void;
}

/**
 * Tabs (WAI-ARIA Authoring Practices tabs pattern, automatic activation): only the selected tab is
 * in the Tab order, Left/Right move between the tabs (wrapping) and select them, Home/End go to the
 * first and the last, and Tab goes on into the panel. Every panel stays mounted and only the
 * selected one is shown, so what was typed in another tab survives a look elsewhere.
 *
 * Each panel is focusable (tabIndex 0): the panels this is made for start with a heading or text,
 * not a control, so a keyboard user reaches the content straight from the tab (APG's advice).
 *
 * On a narrow screen the tabs stay on one line and the list scrolls sideways inside itself, the
 * page never does; the selected tab is scrolled into view (a deep link to the last one on a phone).
 */
export function Tabs({ label, tabs, selected, onChange }: Props) {
  const prefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabOrFirst(
    tabs.map((tab) => tab.id),
    selected,
  );
  const currentIndex = tabs.findIndex((tab) => tab.id === current);
  const tabId = (id: string) => `${prefix}tab-${id}`;
  const panelId = (id: string) => `${prefix}panel-${id}`;

  useEffect(() => {
    const box = list.current;
    const button = buttons.current[currentIndex];
    if (!box || !button || box.scrollWidth <= box.clientWidth) return;
    // Only the list scrolls (scrollIntoView could move the page too).
    const left = button.offsetLeft;
    const right = left + button.offsetWidth;
    if (left < box.scrollLeft) box.scrollLeft = left;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [currentIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    if (target === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    buttons.current[target]?.focus();
    onChange(tabs[target]!.id);
  };

  return (
    <div className="tabs">
      <div ref={list} className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                if (!isSelected) onChange(tab.id);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} className="tabs__panel" role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} tabIndex={0} hidden={tab.id !== current}>
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
