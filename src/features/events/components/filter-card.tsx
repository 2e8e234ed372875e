/**
 * The listing's search form. Nothing is applied until Search is pressed;
 * the parent turns the filters into the URL (and so the API query).
 */
import { useState, type FormEvent } from 'react';
import { CATEGORY_LABELS, LOCATION_MAX_LENGTH, filtersFromForm, type FilterForm } from '../filters';
import { DATE_FILTERS, DATE_FILTER_LABELS, isDateFilter, type EventFilters } from '@/domain/event-filters';
import { EVENT_CATEGORIES } from '@/domain/event';
import { FilterTabs, panelId, tabId } from './filter-tabs';
import { ReadyFieldset } from '@/lib/ui/ready-fieldset';

interface Props {
  initial: FilterForm;
  onSearch: (filters: EventFilters) => void;
}

export function FilterCard({ initial, onSearch }: Props) {
  const [form, setForm] = useState<FilterForm>(initial);
  const update = (patch: Partial<FilterForm>) => setForm((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(filtersFromForm(form));
  }

  return (
    <form className="filter-card card" role="search" aria-label="Find a screening event" onSubmit={submit}>
      <ReadyFieldset>
        <FilterTabs selected={form.tab} onSelect={(tab) => update({ tab })} />

        <div role="tabpanel" id={panelId('date')} aria-labelledby={tabId('date')} hidden={form.tab !== 'date'} className="filter-panel">
          <label htmlFor="event-date-filter">When</label>
          <select
            id="event-date-filter"
            value={form.date}
            onChange={(e) => update({ date: isDateFilter(e.target.value) ? e.target.value : '' })}
          >
            <option value="">Select Date</option>
            {DATE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {DATE_FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>

        <div role="tabpanel" id={panelId('location')} aria-labelledby={tabId('location')} hidden={form.tab !== 'location'} className="filter-panel">
          <label htmlFor="event-location-filter">Town, city or postcode</label>
          <input
            id="event-location-filter"
            type="search"
            enterKeyHint="search"
            autoComplete="address-level2"
            maxLength={LOCATION_MAX_LENGTH}
            value={form.location}
            onChange={(e) => update({ location: e.target.value })}
          />
        </div>

        <fieldset className="filter-types">
          <legend>Type of event</legend>
          {EVENT_CATEGORIES.map((category) => (
            <label key={category} className="checkbox">
              <input
                type="checkbox"
                name="for"
                value={category}
                checked={form.categories.includes(category)}
                onChange={(e) =>
                  update({
                    categories: e.target.checked
                      ? EVENT_CATEGORIES.filter((c) => c === category || form.categories.includes(c))
                      : form.categories.filter((c) => c !== category),
                  })
                }
              />
              <span>{CATEGORY_LABELS[category]}</span>
            </label>
          ))}
        </fieldset>

        <button type="submit" className="button button-primary">
          Search
        </button>
      </ReadyFieldset>
    </form>
  );
}
