CREATE TABLE alert_rules (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id           uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  machine_id       uuid NOT NULL REFERENCES machines (id) ON DELETE CASCADE,
  name             text NOT NULL CHECK (length(trim(name)) > 0),
  description      text,
  rule_type        text NOT NULL DEFAULT 'threshold' CHECK (rule_type IN ('threshold', 'no_data', 'deviation')),
  -- {tag, operator, threshold, duration, noDataMinutes, deviationSigma}, validated by the api's zod schema
  expression       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(expression) = 'object'),
  severity         text NOT NULL DEFAULT 'medium' CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  channels         jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(channels) = 'array'),
  enabled          boolean NOT NULL DEFAULT true,
  cooldown_minutes integer NOT NULL DEFAULT 5 CHECK (cooldown_minutes >= 0),
  created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rules_machine_idx ON alert_rules (machine_id) WHERE enabled;
CREATE INDEX alert_rules_org_idx ON alert_rules (org_id);
CREATE TRIGGER alert_rules_touch BEFORE UPDATE ON alert_rules FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('alert_rules');

-- Evaluation state per rule, changed only by conditional updates so a job that runs twice changes nothing.
CREATE TABLE alert_rule_states (
  rule_id        uuid PRIMARY KEY REFERENCES alert_rules (id) ON DELETE CASCADE,
  org_id         uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  state          text NOT NULL DEFAULT 'ok' CHECK (state IN ('ok', 'pending', 'firing')),
  pending_since  timestamptz,
  last_fired_at  timestamptz,
  last_point_ts  timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
SELECT enable_tenant_rls('alert_rule_states');

CREATE TABLE alert_events (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  alert_id        uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  state           text NOT NULL CHECK (state IN ('triggered', 'resolved')),
  payload         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
  ts              timestamptz NOT NULL DEFAULT now(),
  acknowledged    boolean NOT NULL DEFAULT false,
  acknowledged_at timestamptz,
  acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Identifies the transition that produced the event, so a re-run job cannot record it twice.
  dedupe_key      text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (alert_id, dedupe_key),
  CHECK (acknowledged = (acknowledged_at IS NOT NULL))
);
CREATE INDEX alert_events_org_idx ON alert_events (org_id, ts DESC);
CREATE INDEX alert_events_unacked_idx ON alert_events (org_id) WHERE NOT acknowledged;
SELECT enable_tenant_rls('alert_events');

-- One row per (event, channel); the unique key makes "sent once" a database fact, not a hope.
CREATE TABLE notification_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  event_id        uuid NOT NULL REFERENCES alert_events (id) ON DELETE CASCADE,
  channel_index   integer NOT NULL CHECK (channel_index >= 0),
  channel_type    text NOT NULL CHECK (channel_type IN ('email', 'webhook', 'slack', 'telegram')),
  target          text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error      text,
  next_attempt_at timestamptz,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, channel_index)
);
CREATE TRIGGER notification_deliveries_touch BEFORE UPDATE ON notification_deliveries
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('notification_deliveries');

CREATE TABLE analytics_widgets (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id            uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  type              text NOT NULL DEFAULT 'chart' CHECK (type IN ('metric', 'chart', 'table')),
  title             text NOT NULL CHECK (length(trim(title)) > 0),
  machine_id        uuid NOT NULL REFERENCES machines (id) ON DELETE CASCADE,
  tag_alias         text NOT NULL,
  tag_unit          text,
  aggregation       text NOT NULL DEFAULT 'avg' CHECK (aggregation IN ('avg', 'min', 'max', 'sum', 'count')),
  visible           boolean NOT NULL DEFAULT true,
  visible_dashboard boolean NOT NULL DEFAULT false,
  position          integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_widgets_org_idx ON analytics_widgets (org_id, position);
CREATE TRIGGER analytics_widgets_touch BEFORE UPDATE ON analytics_widgets FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('analytics_widgets');
