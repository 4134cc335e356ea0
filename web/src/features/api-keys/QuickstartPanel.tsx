import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authHeaderExample, curlSample, nodeSample, pythonSample, type IngestSampleInput } from '@taktwerk/common';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Tabs } from '../../ui/Tabs';
import { useMachines } from '../machines/api';
import { CodeBlock } from '../machines/CodeBlock';
import { useIngestUrl } from './api';
import { EndpointCheck } from './EndpointCheck';

type SampleLanguage = 'curl' | 'node' | 'python';
const SAMPLES: Record<SampleLanguage, (input: IngestSampleInput) => string> = { curl: curlSample, node: nodeSample, python: pythonSample };
/** The tag the samples send when the chosen machine has no enabled tag yet (the spec's example). */
const EXAMPLE_TAG = 'spindle.temp';

/** Spec part 1 §2: ingest endpoint, auth header example, curl/Node/Python samples that work as pasted, endpoint check. */
export function QuickstartPanel({ newKey }: { newKey: string | null }) {
  const { t } = useTranslation();
  const ingestUrl = useIngestUrl();
  const machines = useMachines().data?.machines ?? [];
  const [machineId, setMachineId] = useState('');
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const [timestamp] = useState(() => new Date().toISOString());
  const machine = machines.find((m) => m.id === machineId) ?? machines[0];
  const apiKey = newKey ?? t('apiKeys.quickstart.keyPlaceholder');
  const input: IngestSampleInput = {
    ingestUrl,
    apiKey,
    machineId: machine?.id ?? t('apiKeys.quickstart.machinePlaceholder'),
    tag: machine?.previewTags[0]?.alias ?? EXAMPLE_TAG,
    timestamp,
  };
  const languageLabels: Record<SampleLanguage, string> = {
    curl: t('apiKeys.quickstart.curl'),
    node: t('apiKeys.quickstart.node'),
    python: t('apiKeys.quickstart.python'),
  };

  return (
    <Card title={t('apiKeys.quickstart.title')} description={t('apiKeys.quickstart.description')} actions={<EndpointCheck ingestUrl={ingestUrl} />}>
      <div className="quickstart">
        <section className="quickstart-item">
          <h3 className="quickstart-label">{t('apiKeys.quickstart.endpoint')}</h3>
          <CodeBlock code={ingestUrl} label={t('apiKeys.quickstart.endpoint')} copyLabel={t('apiKeys.quickstart.copyEndpoint')} />
        </section>
        <section className="quickstart-item">
          <h3 className="quickstart-label">{t('apiKeys.quickstart.authHeader')}</h3>
          <CodeBlock code={authHeaderExample(apiKey)} label={t('apiKeys.quickstart.authHeader')} copyLabel={t('apiKeys.quickstart.copyHeader')} />
        </section>
        {machines.length > 0 ? (
          <Field label={t('apiKeys.quickstart.machine')} className="quickstart-machine">
            <Select value={machine?.id} onChange={(event) => setMachineId(event.target.value)}>
              {machines.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <p className="quickstart-note">{t('apiKeys.quickstart.noMachines')}</p>
        )}
        {newKey && <p className="quickstart-note quickstart-note-key">{t('apiKeys.quickstart.usesNewKey')}</p>}
        <Tabs
          label={t('apiKeys.quickstart.samples')}
          tabs={(Object.keys(SAMPLES) as SampleLanguage[]).map((id) => ({ id, label: languageLabels[id] }))}
          selectedId={language}
          onSelect={(id) => setLanguage(id as SampleLanguage)}
        >
          <CodeBlock
            code={SAMPLES[language](input)}
            label={languageLabels[language]}
            copyLabel={t('apiKeys.quickstart.copySample', { language: languageLabels[language] })}
          />
        </Tabs>
      </div>
    </Card>
  );
}
