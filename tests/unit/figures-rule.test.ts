/**
 * The staff figures are kept in the database by the version of their
 * computation (FIGURES_RULE, server/modules/statistics/year-figures-kept.ts;
 * docs/decisions/0030-statistics-kept-between-changes.md): figures kept by
 * one version are never read by another. This pins what the computation
 * gives for fixed years, so that a change to it (or to the small-number rule
 * under it) fails here until FIGURES_RULE is raised and its print recorded
 * below; without that, a server would go on answering with figures kept by
 * the old rule until their year next changed.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIGURES_RULE } from '../../server/modules/statistics/year-figures-kept';
import { psaBand } from '../../src/domain/psa-band';
import { releaseCounts, yearFigures } from '../../src/domain/screening-figures';
import type { StatsResult } from '../../src/domain/screening-stats';
import { RULE_V1 } from '../fixtures/clinical-rule';

/** What each version of the computation gives for the years below, as a sha256 of their JSON. */
const PRINTS: Record<number, string> = {
  1: 'ac055b1ed9444e31fb28c7eaff8e069ed22355c04c8421fb4640ec0cc2ee0ad7',
  // Zeros read as hidden, every group listed, releases keep their look where a count stood still (ADR 0035).
  2: '673470eb84e3f112f6a43d94567016eb504c7a37bdb3a48889048277de88a979',
};

const TYPES = ['community', 'freemasons', 'corporate', null] as const;
const ETHNICITY = ['White - British', 'Asian or Asian British - Indian', 'Black or Black British - Caribbean', 'typed before the list', null];
const OUTCOMES = [null, 'seen_gp', 'referred', 'biopsy', 'cancer_radical', 'cancer_surveillance', 'no_cancer', 'not_known'] as const;

/** A year of results from a seeded generator: every kind of group, and men tested twice. */
function year(seed: number): StatsResult[] {
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(seed / 65_536) % below;
  };
  return Array.from({ length: 30 + random(60) }, (_, i) => {
    const value = [0.5, 1.5, 2.5, 4.5, 8][random(5)]!;
    const age = random(10) === 0 ? null : 35 + random(50);
    const eventType = TYPES[random(TYPES.length)]!;
    return {
      profileId: 1000 + (random(4) === 0 ? Math.floor(i / 2) : i),
      eventId: eventType ? `${eventType}-${random(3)}` : null,
      eventType,
      sampleDate: `2025-0${1 + random(9)}-1${random(10)}`,
      value,
      age,
      band: psaBand(value, age, RULE_V1),
      ethnicity: ETHNICITY[random(ETHNICITY.length)]!,
      followUp: OUTCOMES[random(OUTCOMES.length)]!,
    };
  });
}

function print(): string {
  const hash = createHash('sha256');
  for (const seed of [3, 17, 2025]) {
    const results = year(seed);
    const first = yearFigures(results, 2025);
    // And published, then a few results later published again: the releases' rule too.
    hash.update(JSON.stringify(first)).update(JSON.stringify(yearFigures([...results, ...year(seed + 1).slice(0, 3)], 2025, [{ figures: first.all, counts: releaseCounts(results, 2025) }])));
  }
  return hash.digest('hex');
}

describe('FIGURES_RULE', () => {
  it('names what the computation gives now: raise it, and record the new print, when this changes', () => {
    expect(PRINTS[FIGURES_RULE], `FIGURES_RULE ${FIGURES_RULE} has no print: record ${print()}`).toBeDefined();
    expect(print(), `the figures changed: raise FIGURES_RULE to ${FIGURES_RULE + 1} and record this print for it`).toBe(PRINTS[FIGURES_RULE]);
  });
});
