/**
 * The screening figures as a CSV file for staff's spreadsheet: one line
 * per figure (section, group, measure, value), hidden counts written as
 * "not shown" exactly as the page shows them. Written by papaparse,
 * with every text cell that a spreadsheet would run as a formula (one
 * starting with =, +, -, @, a tab or a carriage return, after any leading
 * spaces or line breaks) prefixed with an apostrophe, so no label can
 * become a formula on staff's computer (OWASP "CSV injection"). Every
 * label is the site's own now (a stored ethnicity outside the NHS list is
 * "Other or not listed"), so this guards against a label change, not data.
 */
import Papa from 'papaparse';
import { EVENT_TYPE_LABELS, type GroupFigures, type ScreeningFigures } from './screening-stats';
import { shownText, type Shown } from './small-numbers';

/** papaparse's own pattern misses a formula after a line break or leading spaces: this one does not. */
export const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

export const STATISTICS_CSV_HEADER = ['year', 'event_type', 'section', 'group', 'measure', 'value'] as const;

export function statisticsCsv(figures: ScreeningFigures): string {
  const scope = figures.event_type === 'all' ? 'All' : EVENT_TYPE_LABELS[figures.event_type];
  const rows: string[][] = [];
  const add = (section: string, group: string, measure: string, value: string) => rows.push([String(figures.year), scope, section, group, measure, value]);
  const count = (section: string, measure: string, shown: Shown) => add(section, '', measure, shownText(shown));
  count('Summary', 'Men screened', figures.men_screened);
  count('Summary', 'Tests', figures.tests);
  add('Summary', '', 'Events', String(figures.events));
  count('Summary', 'Abnormal results (amber and red)', figures.abnormal);
  add('Summary', '', 'Abnormal rate', figures.abnormal_rate ?? 'not shown');
  count('Results by band', 'Green', figures.bands.green);
  count('Results by band', 'Amber', figures.bands.amber);
  count('Results by band', 'Red', figures.bands.red);
  count('Results by band', 'No band (no date of birth)', figures.bands.no_band);
  const groups = (section: string, list: GroupFigures[]) => {
    for (const g of list) {
      add(section, g.label, 'Tests', shownText(g.tests));
      add(section, g.label, 'Abnormal results', shownText(g.abnormal));
      add(section, g.label, 'Abnormal rate', g.abnormal_rate ?? 'not shown');
    }
  };
  groups('By age band', figures.by_age);
  groups('By ethnicity', figures.by_ethnicity);
  groups('By event type', figures.by_event_type);
  for (const o of figures.follow_up.outcomes) add('Follow-up of abnormal results', o.label, 'Results', shownText(o.count));
  count('Cancers found', 'Cancers diagnosed', figures.follow_up.cancers);
  count('Cancers found', 'Radical treatment', figures.follow_up.radical);
  count('Cancers found', 'Surveillance', figures.follow_up.surveillance);
  return Papa.unparse({ fields: [...STATISTICS_CSV_HEADER], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
