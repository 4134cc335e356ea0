-- Row-level security is keyed on per-transaction settings set by db/src/tenant.ts:
--   app.org_id    the caller's organization (withTenant)
--   app.platform  'on' only inside withPlatform(), the explicit cross-tenant path for admins and workers.
-- Without either setting a tenant table returns no rows and refuses writes.
CREATE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $$;

CREATE FUNCTION app_is_platform() RETURNS boolean
  LANGUAGE sql STABLE AS $$ SELECT coalesce(current_setting('app.platform', true), '') = 'on' $$;

CREATE FUNCTION touch_updated_at() RETURNS trigger
  LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;

-- Enables and forces RLS with the standard tenant policy on a table whose tenant column is `col`.
CREATE FUNCTION enable_tenant_rls(tbl regclass, col text DEFAULT 'org_id') RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (app_is_platform() OR %I = app_current_org()) '
    'WITH CHECK (app_is_platform() OR %I = app_current_org())', tbl, col, col);
END $$;
