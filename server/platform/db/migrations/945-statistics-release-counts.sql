-- Each release of a year keeps the counts it was made from, 0 included, by
-- figure key (src/domain/screening-figures.ts releaseCounts), beside the
-- figures it published. They are never served: Publish reads them to
-- refuse a new release while any figure has moved by 1 to 4 since an
-- earlier one, since that change set beside the earlier release could
-- point at one man (docs/decisions/0035-statistics-releases-differencing.md).
-- Releases made before this have none (NULL): they are compared by the
-- figures they showed.
ALTER TABLE published_statistics ADD COLUMN counts jsonb;
