-- Time-series points. Deliberately no org_id and no RLS (SECURITY.md item 9: hypertables and their chunks do
-- not carry RLS); every read and write goes through code that has checked the machine's organization.
-- Numbers and booleans (1/0) live in `value`, strings in `value_text`.
CREATE TABLE ingested_values (
  machine_id  uuid NOT NULL,
  tag         text NOT NULL,
  ts          timestamptz NOT NULL,
  value       double precision,
  value_text  text,
  quality     smallint CHECK (quality BETWEEN 0 AND 255),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (machine_id, tag, ts)
);

-- Which storage engine the migrations chose: 'timescale' or 'plain'. Written by 005.
CREATE TABLE storage_info (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  mode      text NOT NULL CHECK (mode IN ('timescale', 'plain')),
  decided_at timestamptz NOT NULL DEFAULT now()
);
