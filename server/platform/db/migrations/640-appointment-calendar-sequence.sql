-- The SEQUENCE of an appointment's calendar entry (RFC 5545 3.8.7.4): 0 when
-- booked, one more on each change of time and on the cancellation, so a
-- calendar that imported an earlier file takes each new one as the newer
-- version of the same entry (same UID) and acts on it.
ALTER TABLE appointments ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;
