CREATE TABLE machines (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(trim(name)) > 0),
  description        text,
  location           text,
  status             text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline', 'error', 'connecting')),
  token_hash         text UNIQUE, -- SHA-256 hex of the machine token; the token itself is never stored
  token_preview      text,
  last_data_received timestamptz,
  last_heartbeat     timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX machines_org_idx ON machines (org_id, name);
CREATE TRIGGER machines_touch BEFORE UPDATE ON machines FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('machines');

CREATE TABLE tag_configs (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  machine_id         uuid NOT NULL REFERENCES machines (id) ON DELETE CASCADE,
  path               text NOT NULL DEFAULT '',
  alias              text NOT NULL CHECK (length(trim(alias)) > 0),
  enabled            boolean NOT NULL DEFAULT true,
  sample_interval_ms integer NOT NULL DEFAULT 1000 CHECK (sample_interval_ms >= 100),
  send_interval_ms   integer NOT NULL DEFAULT 5000 CHECK (send_interval_ms >= 100),
  aggregation        text NOT NULL DEFAULT 'avg' CHECK (aggregation IN ('avg', 'min', 'max', 'sum', 'count')),
  data_type          text NOT NULL DEFAULT 'Double' CHECK (data_type IN ('Double', 'Int32', 'Boolean', 'String')),
  unit               text,
  description        text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tag_configs_machine_alias_key ON tag_configs (machine_id, lower(alias));
CREATE INDEX tag_configs_org_idx ON tag_configs (org_id);
CREATE TRIGGER tag_configs_touch BEFORE UPDATE ON tag_configs FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('tag_configs');

CREATE TABLE api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  label       text NOT NULL CHECK (length(trim(label)) > 0),
  key_hash    text NOT NULL UNIQUE, -- SHA-256 hex; the key is shown once and never stored
  key_preview text NOT NULL,
  scopes      text[] NOT NULL CHECK (
                cardinality(scopes) > 0 AND scopes <@ ARRAY['ingest:write', 'machine:read', 'machine:write',
                                                           'data:read', 'alert:read', 'alert:write']),
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at  timestamptz,
  last_used   timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_org_idx ON api_keys (org_id, created_at DESC);
SELECT enable_tenant_rls('api_keys');

-- Daily ingest counters per organization (UTC days) for quotas and the "data points today" figure.
CREATE TABLE org_usage_daily (
  org_id  uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  day     date NOT NULL,
  points  bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  PRIMARY KEY (org_id, day)
);
SELECT enable_tenant_rls('org_usage_daily');

-- Online/offline transitions recorded by the connection watch, for Recent Activity.
CREATE TABLE machine_connection_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  machine_id  uuid NOT NULL REFERENCES machines (id) ON DELETE CASCADE,
  state       text NOT NULL CHECK (state IN ('online', 'offline')),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX machine_connection_events_org_idx ON machine_connection_events (org_id, at DESC);
SELECT enable_tenant_rls('machine_connection_events');
