-- Alert evaluation state is written only by compare-and-set (worker/src/alerts): every write bumps `version`, and a
-- writer applies its result only if the version it read is still current, so two workers, or a job run twice,
-- cannot both apply a transition.
ALTER TABLE alert_rule_states ADD COLUMN version bigint NOT NULL DEFAULT 0;
-- Since when the rule watches (created, edited or enabled): a no_data rule never counts silence from before it.
ALTER TABLE alert_rule_states ADD COLUMN armed_at timestamptz NOT NULL DEFAULT now();

-- The no-data sweep reads every organization's enabled no_data rules.
CREATE INDEX alert_rules_no_data_idx ON alert_rules (machine_id) WHERE enabled AND rule_type = 'no_data';
-- The connection watch reads each machine's latest connection event.
CREATE INDEX machine_connection_events_machine_idx ON machine_connection_events (machine_id, at DESC, id DESC);
-- The notification sweep looks only at deliveries nobody finished; keep that a small index scan.
CREATE INDEX notification_deliveries_open_idx ON notification_deliveries (created_at) WHERE status IN ('pending', 'sending');
