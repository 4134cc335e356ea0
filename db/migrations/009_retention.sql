-- Retention on TimescaleDB (worker/src/jobs/retention.ts). The worker connects as the runtime role, but
-- drop_chunks and writes to a continuous aggregate's materialization hypertable need the owner of the
-- hypertable. These two SECURITY DEFINER functions are the only owner rights it gets: drop expired chunks, and
-- delete expired rollup rows. Plain PostgreSQL needs neither: the runtime role may delete from the rollup tables.
-- Both refuse to run outside the explicit cross-tenant path (withPlatform) and to touch the last day.
DO $migration$
BEGIN
  IF (SELECT mode FROM storage_info) = 'timescale' THEN
    -- Drops whole chunks entirely older than older_than: raw points and both continuous aggregates (dropping raw
    -- chunks leaves an aggregate's materialized buckets in place). Returns how many raw chunks went.
    CREATE FUNCTION retention_drop_chunks(older_than timestamptz) RETURNS integer
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
    DECLARE
      dropped integer;
    BEGIN
      IF NOT app_is_platform() THEN RAISE EXCEPTION 'retention_drop_chunks runs only on the platform path'; END IF;
      IF older_than > now() - INTERVAL '1 day' THEN RAISE EXCEPTION 'retention keeps at least one day'; END IF;
      SELECT count(*) INTO dropped FROM drop_chunks('ingested_values', older_than => older_than);
      PERFORM drop_chunks('ingested_values_1m', older_than => older_than);
      PERFORM drop_chunks('ingested_values_1h', older_than => older_than);
      RETURN dropped;
    END $fn$;

    -- Deletes at most max_rows buckets older than older_than of the given machines from one continuous aggregate.
    -- Removing them directly keeps the aggregate equal to the remaining raw points;
    -- refresh_continuous_aggregate would do the same but cannot run inside a function.
    CREATE FUNCTION retention_delete_rollups(relation text, machine_ids uuid[], older_than timestamptz, max_rows integer)
      RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $fn$
    DECLARE
      target text;
      deleted integer;
    BEGIN
      IF NOT app_is_platform() THEN RAISE EXCEPTION 'retention_delete_rollups runs only on the platform path'; END IF;
      IF older_than > now() - INTERVAL '1 day' THEN RAISE EXCEPTION 'retention keeps at least one day'; END IF;
      SELECT format('%I.%I', c.materialization_hypertable_schema, c.materialization_hypertable_name) INTO target
        FROM timescaledb_information.continuous_aggregates c
       WHERE c.view_schema = 'public' AND c.view_name = relation AND relation IN ('ingested_values_1m', 'ingested_values_1h');
      IF target IS NULL THEN RAISE EXCEPTION 'not a rollup: %', relation; END IF;
      EXECUTE format(
        'WITH doomed AS (SELECT machine_id, tag, bucket FROM %1$s
                          WHERE machine_id = ANY ($1) AND bucket < $2 LIMIT $3)
         DELETE FROM %1$s r USING doomed d
          WHERE r.machine_id = d.machine_id AND r.tag = d.tag AND r.bucket = d.bucket AND r.bucket < $2', target)
        USING machine_ids, older_than, max_rows;
      GET DIAGNOSTICS deleted = ROW_COUNT;
      RETURN deleted;
    END $fn$;
  END IF;
END
$migration$;
