/**
 * "By Date" / "By Location" as an ARIA tab set: arrow keys, Home and End
 * move between tabs; only the selected tab is in the Tab order.
 */
import { useRef, type KeyboardEvent } from 'react';
import type { FilterTab } from '../filters';

export const TABS: { id: FilterTab; label: string }[] = [
  { id: 'date', label: 'By Date' },
  { id: 'location', label: 'By Location' },
];

export const tabId = (tab: FilterTab) => `event-filter-tab-${tab}`;
export const panelId = (tab: FilterTab) => `event-filter-panel-${tab}`;

interface Props {
  selected: FilterTab;
  onSelect: (tab: FilterTab) => void;
}

export function FilterTabs({ selected, onSelect }: Props) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  }

  return (
    <div className="filter-tabs" role="tablist" aria-label="Search events">
      {TABS.map((tab, index) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[tab.id] = el;
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={selected === tab.id}
          aria-controls={panelId(tab.id)}
          tabIndex={selected === tab.id ? 0 : -1}
          className="filter-tab"
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
