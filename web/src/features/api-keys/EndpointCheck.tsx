import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

type CheckResult = { ok: boolean; text: string };

/** The endpoint-check button (spec part 1 §7): OPTIONS on the ingest endpoint as a health check. */
export function EndpointCheck({ ingestUrl }: { ingestUrl: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);

  async function handleCheck() {
    setBusy(true);
    setResult(null);
    try {
      const response = await fetch(ingestUrl, { method: 'OPTIONS' });
      const status = `${response.status} ${response.statusText}`.trim();
      setResult(response.ok ? { ok: true, text: t('apiKeys.quickstart.checkOk', { status }) } : { ok: false, text: t('apiKeys.quickstart.checkFailed', { status }) });
    } catch (error) {
      setResult({ ok: false, text: t('apiKeys.quickstart.checkError', { message: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="endpoint-check">
      <Button onClick={handleCheck} busy={busy}>
        {t('apiKeys.quickstart.check')}
      </Button>
      <p role="status" className={result ? (result.ok ? 'endpoint-check-ok' : 'endpoint-check-failed') : undefined}>
        {result?.text}
      </p>
    </div>
  );
}
