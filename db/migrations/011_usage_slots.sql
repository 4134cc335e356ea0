-- An organization's daily counter was one row, updated by every ingest batch and locked until that batch committed:
-- concurrent batches of one organization queued behind each other's commit (a WAL flush each). The count is now
-- spread over 16 slots per day, chosen by the database connection a batch runs on, so concurrent batches (which run
-- on different connections) update different rows. A day's points are the sum of its slots; still exact, because
-- each batch adds its count in the transaction that stores its points.
ALTER TABLE org_usage_daily ADD COLUMN slot smallint NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 15);
ALTER TABLE org_usage_daily DROP CONSTRAINT org_usage_daily_pkey;
ALTER TABLE org_usage_daily ADD PRIMARY KEY (org_id, day, slot);
