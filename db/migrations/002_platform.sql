CREATE TABLE plans (
  id          text PRIMARY KEY CHECK (id ~ '^[a-z0-9_]+$'),
  name        text NOT NULL CHECK (length(trim(name)) > 0),
  name_en     text,
  price       numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  currency    text NOT NULL DEFAULT 'USD' CHECK (currency IN ('USD', 'EUR', 'GBP')),
  interval    text NOT NULL DEFAULT 'month' CHECK (interval IN ('month', 'year')),
  features    jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(features) = 'object'),
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER plans_touch BEFORE UPDATE ON plans FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE system_config (
  config_key   text PRIMARY KEY
               CHECK (config_key IN ('rate_limits', 'features', 'integrations', 'security', 'translations', 'seo')),
  config_value jsonb NOT NULL,
  updated_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name             text NOT NULL CHECK (length(trim(name)) > 0),
  plan_id          text REFERENCES plans (id) ON UPDATE CASCADE,
  billing_status   text NOT NULL DEFAULT 'trialing'
                   CHECK (billing_status IN ('active', 'trialing', 'past_due', 'canceled')),
  billing_interval text NOT NULL DEFAULT 'month' CHECK (billing_interval IN ('month', 'year')),
  subscribed_until timestamptz,
  trial_ends_at    timestamptz,
  revenue_exempt   boolean NOT NULL DEFAULT false,
  -- The platform's own organization holds the platform admins; it is not a customer.
  is_platform      boolean NOT NULL DEFAULT false,
  usage_limits     jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(usage_limits) = 'object'),
  current_usage    jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(current_usage) = 'object'),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER organizations_touch BEFORE UPDATE ON organizations FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('organizations', 'id');

CREATE TABLE users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(trim(name)) > 0),
  email              text NOT NULL CHECK (email ~ '^[^@\s]+@[^@\s]+$'),
  role               text NOT NULL CHECK (role IN ('admin', 'customer_owner', 'customer_user')),
  permissions        text[] NOT NULL DEFAULT '{}',
  password_hash      text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  totp_secret        text, -- encrypted at rest (AES-256-GCM, key from the api env)
  totp_verified_at   timestamptz,
  totp_last_step     bigint, -- last accepted 30 s step: a code is accepted once
  email_confirmed    boolean NOT NULL DEFAULT true,
  last_login         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_org_idx ON users (org_id, created_at);
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('users');

CREATE TABLE user_preferences (
  user_id                   uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  org_id                    uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  theme                     text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
  language                  text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de')),
  timezone                  text NOT NULL DEFAULT 'UTC',
  date_format               text NOT NULL DEFAULT 'MM/DD/YYYY'
                            CHECK (date_format IN ('MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD')),
  email_alerts              boolean NOT NULL DEFAULT true,
  webhook_alerts            boolean NOT NULL DEFAULT false,
  maintenance_notifications boolean NOT NULL DEFAULT true,
  marketing_emails          boolean NOT NULL DEFAULT false,
  weekly_reports            boolean NOT NULL DEFAULT true,
  session_timeout_minutes   integer NOT NULL DEFAULT 30 CHECK (session_timeout_minutes >= 5),
  login_notifications       boolean NOT NULL DEFAULT true,
  analytics_tracking        boolean NOT NULL DEFAULT false,
  error_reporting           boolean NOT NULL DEFAULT true,
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER user_preferences_touch BEFORE UPDATE ON user_preferences FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('user_preferences');

-- One row per sign-in; its refresh tokens form one rotation family.
CREATE TABLE user_sessions (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id        uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoke_reason text,
  ip            text,
  user_agent    text
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id, created_at DESC);
SELECT enable_tenant_rls('user_sessions');

CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  session_id  uuid NOT NULL REFERENCES user_sessions (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE, -- SHA-256 hex of the opaque token
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  rotated_at  timestamptz -- set once used; presenting it again revokes the whole session
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
SELECT enable_tenant_rls('refresh_tokens');

-- Single-use secrets mailed or handed out during sign-in flows (password reset, pending 2FA challenge).
CREATE TABLE auth_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('password_reset', 'two_factor_challenge')),
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose);
SELECT enable_tenant_rls('auth_tokens');

-- Security-relevant actions. No foreign key on org_id: the trail outlives a deleted organization.
-- Platform admins' actions carry the platform organization's id.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id      uuid NOT NULL,
  actor_id    uuid,
  action      text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_.]+$'),
  target_type text,
  target_id   text,
  ip          text,
  details     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_org_idx ON audit_log (org_id, created_at DESC);
SELECT enable_tenant_rls('audit_log');
