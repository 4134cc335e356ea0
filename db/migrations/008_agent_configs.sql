-- Agent configuration of a machine (spec part 2 §2–3): one row per machine; its tags are the machine's tag_configs.
CREATE TABLE agent_configs (
  machine_id       uuid PRIMARY KEY REFERENCES machines (id) ON DELETE CASCADE,
  org_id           uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  protocol         text NOT NULL CHECK (protocol IN ('opcua', 'modbus_rtu', 'profinet_profibus', 'zigbee_zwave', 'snmp',
                                                     'ipmi', 'serial', 'custom_python')),
  endpoint         text NOT NULL CHECK (length(trim(endpoint)) > 0),
  send_interval_ms integer NOT NULL CHECK (send_interval_ms BETWEEN 100 AND 3600000),
  buffer_size      integer NOT NULL CHECK (buffer_size BETWEEN 1 AND 100000),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_configs_org_idx ON agent_configs (org_id);
CREATE TRIGGER agent_configs_touch BEFORE UPDATE ON agent_configs FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
SELECT enable_tenant_rls('agent_configs');
