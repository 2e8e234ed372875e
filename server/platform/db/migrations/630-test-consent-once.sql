-- A signed /test-consent link files one consent (docs/rules.md#test-consent).
-- The link's signature (one spelling per link, server/platform/signing.ts) is
-- kept with the consent it filed, and a second filing from the same link
-- finds it taken, across every server process.
ALTER TABLE consents ADD COLUMN link_signature text;
CREATE UNIQUE INDEX consents_link_signature ON consents (link_signature);
