CREATE TABLE support_tickets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  subject     text NOT NULL CHECK (length(trim(subject)) > 0),
  description text,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
  priority    text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  assigned_to uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_tickets_org_idx ON support_tickets (org_id, created_at DESC);
CREATE TRIGGER support_tickets_touch BEFORE UPDATE ON support_tickets FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('support_tickets');

CREATE TABLE ticket_messages (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  ticket_id   uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  message     text NOT NULL CHECK (length(trim(message)) > 0),
  is_internal boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at);
SELECT enable_tenant_rls('ticket_messages');

-- Landing-page content: platform-wide, public to read, written only on the admin path.
CREATE TABLE preview_features (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  icon_name      text NOT NULL DEFAULT 'activity',
  title          text NOT NULL,
  title_en       text,
  description    text NOT NULL DEFAULT '',
  description_en text,
  "order"        integer NOT NULL DEFAULT 1
);
CREATE TABLE preview_benefits (
  id      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  text    text NOT NULL,
  text_en text,
  "order" integer NOT NULL DEFAULT 1
);
CREATE TABLE preview_testimonials (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  name_en    text,
  company    text,
  role       text,
  content    text NOT NULL,
  content_en text,
  rating     integer NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
  "order"    integer NOT NULL DEFAULT 1
);
CREATE TABLE header_links (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  label       text NOT NULL,
  url         text NOT NULL,
  "order"     integer NOT NULL DEFAULT 1,
  is_external boolean NOT NULL DEFAULT false
);
CREATE TABLE footer_links (LIKE header_links INCLUDING ALL);

CREATE TABLE pages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug       text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
  title      text NOT NULL CHECK (length(trim(title)) > 0),
  content    text NOT NULL DEFAULT '', -- sanitized HTML
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX pages_slug_key ON pages (lower(slug));
CREATE TRIGGER pages_touch BEFORE UPDATE ON pages FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE publish_pages (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  owner_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token       text NOT NULL UNIQUE CHECK (token ~ '^[a-z0-9]{32}$'),
  title       text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  config      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(config) = 'object'),
  is_active   boolean NOT NULL DEFAULT true,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, owner_id)
);
CREATE TRIGGER publish_pages_touch BEFORE UPDATE ON publish_pages FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('publish_pages');

CREATE TABLE maintenance_rules (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  machine_id         uuid REFERENCES machines (id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(trim(name)) > 0),
  description        text,
  rule_type          text NOT NULL DEFAULT 'no_data' CHECK (rule_type IN ('no_data', 'threshold')),
  expression         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(expression) = 'object'),
  channels           jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(channels) = 'array'),
  create_ticket      boolean NOT NULL DEFAULT false,
  maintenance_window jsonb CHECK (maintenance_window IS NULL OR jsonb_typeof(maintenance_window) = 'object'),
  enabled            boolean NOT NULL DEFAULT true,
  created_by         uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_rules_org_idx ON maintenance_rules (org_id, created_at);
CREATE TRIGGER maintenance_rules_touch BEFORE UPDATE ON maintenance_rules FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('maintenance_rules');

CREATE TABLE maintenance_tasks (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id       uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  rule_id      uuid REFERENCES maintenance_rules (id) ON DELETE SET NULL,
  machine_id   uuid REFERENCES machines (id) ON DELETE SET NULL,
  title        text NOT NULL CHECK (length(trim(title)) > 0),
  description  text,
  scheduled_at timestamptz,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'completed')),
  claimed_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_tasks_org_idx ON maintenance_tasks (org_id, created_at DESC);
CREATE TRIGGER maintenance_tasks_touch BEFORE UPDATE ON maintenance_tasks FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('maintenance_tasks');

-- Billing provider events, each applied once in the same transaction as its effect.
CREATE TABLE billing_events (
  provider    text NOT NULL CHECK (provider IN ('stripe', 'paypal')),
  event_id    text NOT NULL,
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  type        text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
SELECT enable_tenant_rls('billing_events');
