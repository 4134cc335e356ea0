-- postgres-migrations disable-transaction
-- One migration path for both engines, decided at run time: TimescaleDB when the extension is available,
-- plain PostgreSQL otherwise. The DO block is a single statement, so either branch applies atomically.
-- Both expose the same relations: ingested_values_1m and ingested_values_1h with
-- (machine_id, tag, bucket, min, max, sum, count); avg is sum / count.
DO $migration$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb') THEN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS timescaledb';
    PERFORM create_hypertable('ingested_values', 'ts', chunk_time_interval => INTERVAL '1 day');
    EXECUTE $sql$ALTER TABLE ingested_values SET (
      timescaledb.compress, timescaledb.compress_segmentby = 'machine_id, tag', timescaledb.compress_orderby = 'ts DESC')$sql$;
    PERFORM add_compression_policy('ingested_values', INTERVAL '7 days');
    -- materialized_only = false: queries see not-yet-materialized rows too, so results equal the plain rollups.
    EXECUTE $sql$CREATE MATERIALIZED VIEW ingested_values_1m
      WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
      SELECT machine_id, tag, time_bucket(INTERVAL '1 minute', ts) AS bucket,
             min(value) AS min, max(value) AS max, sum(value) AS sum, count(value) AS count
      FROM ingested_values GROUP BY 1, 2, 3 WITH NO DATA$sql$;
    EXECUTE $sql$CREATE MATERIALIZED VIEW ingested_values_1h
      WITH (timescaledb.continuous, timescaledb.materialized_only = false) AS
      SELECT machine_id, tag, time_bucket(INTERVAL '1 hour', ts) AS bucket,
             min(value) AS min, max(value) AS max, sum(value) AS sum, count(value) AS count
      FROM ingested_values GROUP BY 1, 2, 3 WITH NO DATA$sql$;
    PERFORM add_continuous_aggregate_policy('ingested_values_1m',
      start_offset => INTERVAL '3 hours', end_offset => INTERVAL '1 minute', schedule_interval => INTERVAL '1 minute');
    PERFORM add_continuous_aggregate_policy('ingested_values_1h',
      start_offset => INTERVAL '3 days', end_offset => INTERVAL '1 hour', schedule_interval => INTERVAL '15 minutes');
    INSERT INTO storage_info (mode) VALUES ('timescale');
  ELSE
    -- BRIN suits append-mostly time data; the primary key already serves per-series range scans.
    CREATE INDEX ingested_values_ts_brin ON ingested_values USING brin (ts);
    CREATE TABLE ingested_values_1m (
      machine_id uuid NOT NULL, tag text NOT NULL, bucket timestamptz NOT NULL,
      min double precision, max double precision, sum double precision, count bigint NOT NULL,
      PRIMARY KEY (machine_id, tag, bucket));
    CREATE TABLE ingested_values_1h (LIKE ingested_values_1m INCLUDING ALL);
    -- Rollups stay exactly in step: the transition table holds only rows really inserted
    -- (ON CONFLICT DO NOTHING skips duplicates), aggregated once per statement, not per row.
    -- date_bin with a UTC origin, as time_bucket does: date_trunc on timestamptz would follow the session's
    -- time zone and put hourly buckets at :30 under a half-hour-offset zone.
    -- ORDER BY: concurrent batches lock shared rollup rows in one global order, so they cannot deadlock.
    CREATE FUNCTION ingested_values_rollup() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO ingested_values_1m AS r (machine_id, tag, bucket, min, max, sum, count)
        SELECT machine_id, tag, date_bin(INTERVAL '1 minute', ts, TIMESTAMPTZ '2000-01-03 00:00:00+00'), min(value), max(value), sum(value), count(value)
        FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (machine_id, tag, bucket) DO UPDATE SET
        min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
        sum = CASE WHEN r.sum IS NULL THEN excluded.sum WHEN excluded.sum IS NULL THEN r.sum ELSE r.sum + excluded.sum END,
        count = r.count + excluded.count;
      INSERT INTO ingested_values_1h AS r (machine_id, tag, bucket, min, max, sum, count)
        SELECT machine_id, tag, date_bin(INTERVAL '1 hour', ts, TIMESTAMPTZ '2000-01-03 00:00:00+00'), min(value), max(value), sum(value), count(value)
        FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (machine_id, tag, bucket) DO UPDATE SET
        min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
        sum = CASE WHEN r.sum IS NULL THEN excluded.sum WHEN excluded.sum IS NULL THEN r.sum ELSE r.sum + excluded.sum END,
        count = r.count + excluded.count;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER ingested_values_rollup AFTER INSERT ON ingested_values
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ingested_values_rollup();
    INSERT INTO storage_info (mode) VALUES ('plain');
  END IF;
END
$migration$;
