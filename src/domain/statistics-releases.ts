/**
 * A year's releases set side by side
 * (docs/decisions/0035-statistics-releases-differencing.md). Hiding a
 * figure that moved by 1 to 4 since the last release does not protect a man
 * whose result came in late: what was hidden is itself the change, so his
 * band, age group and ethnicity read off the two releases. So a year is
 * published again only when every figure that changed since each earlier
 * release changed by 5 or more (`smallChanges`), counted from the counts
 * each release was made from (kept with it, never served). A release that
 * is made keeps each earlier one's look wherever a count stood still
 * (`carriedOver`): hidden then, hidden now; shown then, known to the reader,
 * so never hidden to protect another.
 */
import type { ScreeningFigures } from './screening-stats';
import { isSmall, type Shown } from './small-numbers';

/** A release of a year as kept: what was published, and the counts it was made from. */
export interface Release {
  figures: ScreeningFigures;
  /** Every figure of the published view by key ('tests', 'band:red', 'ethnicity:…:tests'), 0 included; null for a release made before they were kept. */
  counts: Readonly<Record<string, number>> | null;
}

/**
 * A published view's figures by key (the keys of releaseCounts), each its
 * count or null when hidden; a group not listed (before every group was)
 * is a key missing here, which a reader takes as zero.
 */
export function figureCells(figures: ScreeningFigures): Map<string, number | null> {
  const cells = new Map<string, number | null>();
  const put = (key: string, shown: Shown) => cells.set(key, 'hidden' in shown ? null : shown.count);
  put('men', figures.men_screened);
  put('tests', figures.tests);
  put('abnormal', figures.abnormal);
  for (const [band, shown] of Object.entries(figures.bands)) put(`band:${band}`, shown);
  for (const [section, groups] of [['age', figures.by_age], ['ethnicity', figures.by_ethnicity], ['event_type', figures.by_event_type]] as const) {
    for (const g of groups) {
      put(`${section}:${g.group}:tests`, g.tests);
      put(`${section}:${g.group}:abnormal`, g.abnormal);
    }
  }
  for (const o of figures.follow_up.outcomes) put(`outcome:${o.outcome}`, o.count);
  put('cancers', figures.follow_up.cancers);
  return cells;
}

/** A figure of a release as it stood: its count when kept; for an older release the number it showed (a group not listed had none), or null when hidden. */
function standing(release: Release, shown: Map<string, number | null>, key: string): number | null {
  if (release.counts) return release.counts[key] ?? 0;
  return shown.has(key) ? shown.get(key)! : 0;
}

/**
 * The figures (keys) whose count moved by 1 to 4 since one of `releases`:
 * while there is one, the year is not published again, as that change set
 * beside the release could point at one man.
 */
export function smallChanges(counts: Readonly<Record<string, number>>, releases: readonly Release[]): string[] {
  const moved = new Set<string>();
  for (const release of releases) {
    const shown = figureCells(release.figures);
    const keys = new Set([...Object.keys(counts), ...Object.keys(release.counts ?? {}), ...shown.keys()]);
    for (const key of keys) {
      const was = standing(release, shown, key);
      if (was !== null && isSmall(Math.abs((counts[key] ?? 0) - was))) moved.add(key);
    }
  }
  return [...moved];
}

/**
 * For each figure of the published view (`keys`, `counts`): kept hidden
 * (`force`) when a release hid it and its count has not moved since (else
 * the new release would give back what the old one hid), and `known` when
 * a release showed it and it has not moved (a reader has it from there, so
 * hiding it would protect nothing). A zero is neither: it reads as hidden
 * but counts as known to the small-number rule anyway.
 */
export function carriedOver(keys: readonly string[], counts: readonly number[], releases: readonly Release[]): { force: boolean[]; known: boolean[] } {
  const force = counts.map(() => false);
  const known = counts.map(() => false);
  for (const release of releases) {
    const shown = figureCells(release.figures);
    keys.forEach((key, i) => {
      const count = counts[i]!;
      const was = standing(release, shown, key);
      // An older release's hidden figure: whether it moved is not known, so it stays hidden.
      const still = was === null || was === count;
      if (!still || count === 0) return;
      if (shown.has(key) && shown.get(key) !== null) known[i] = true;
      else force[i] = true;
    });
  }
  return { force, known };
}

/** Publish refused with 409 too_little_changed: the year moved by 1 to 4 somewhere since a release. */
export const tooLittleChangedMessage = (year: number): string =>
  `${year} cannot be published again yet: some of its figures have changed by fewer than 5 since it was last published, and comparing the two could point at one man's result. It can be published again once every figure that has changed has changed by 5 or more.`;
