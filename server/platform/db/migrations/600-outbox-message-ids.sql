-- Each email is a job (docs/decisions/0013-job-queue.md) and carries its
-- job's Message-ID on every try; the outbox stand-in keeps one copy per id,
-- as a mail server that recognises a repeated message would.
ALTER TABLE outbox ADD COLUMN message_id text;
CREATE UNIQUE INDEX outbox_message_id ON outbox (message_id);

-- Two messages stored within the same instant still read back in the order they were stored.
ALTER TABLE outbox ADD COLUMN seq bigserial;
