import { useTranslation } from 'react-i18next';
import { AGENT_TOKEN_ENV, agentPythonExample, type AgentProtocol } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadingState } from '../../ui/Spinner';
import { CodeBlock } from '../machines/CodeBlock';
import { useAgentYaml } from './api';
import { PROTOCOL_GUIDANCE } from './protocol-labels';

interface AgentDownloadModalProps {
  machineId: string;
  protocol: AgentProtocol;
  /** The form has unsaved changes: the file holds the saved configuration. */
  dirty: boolean;
  onClose: () => void;
}

function saveFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The modal of spec part 2 §2: YAML download, a Python example, copy buttons and protocol guidance. */
export function AgentDownloadModal({ machineId, protocol, dirty, onClose }: AgentDownloadModalProps) {
  const { t } = useTranslation();
  const yaml = useAgentYaml(machineId, window.location.origin);
  const file = yaml.data;

  return (
    <Dialog
      open
      size="lg"
      title={t('machineAgent.modal.title')}
      description={t('machineAgent.modal.intro')}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('machineAgent.modal.close')}
        </Button>
      }
    >
      <div className="agent-modal">
        {dirty && <p className="secret-warning">{t('machineAgent.modal.unsavedHint')}</p>}
        {/* The main action sits on top: the examples below make the dialog scroll. */}
        <div className="agent-modal-download">
          <Button variant="primary" disabled={!file} onClick={() => file && saveFile(file.fileName, file.yaml)}>
            {t('machineAgent.modal.download')}
          </Button>
          <p>{t('machineAgent.modal.tokenHint', { env: AGENT_TOKEN_ENV })}</p>
        </div>
        <section className="agent-modal-section">
          <h3 className="agent-section-title">{t('machineAgent.modal.guidance')}</h3>
          <p className="agent-muted">{t(PROTOCOL_GUIDANCE[protocol])}</p>
        </section>
        <section className="agent-modal-section">
          <h3 className="agent-section-title">{file?.fileName ?? t('machineAgent.modal.yaml')}</h3>
          {file ? (
            <CodeBlock code={file.yaml} label={t('machineAgent.modal.yaml')} copyLabel={t('machineAgent.modal.copyYaml')} />
          ) : yaml.error ? (
            <p className="form-error" role="alert">
              {t('machineAgent.modal.yamlFailed')}
            </p>
          ) : (
            <LoadingState />
          )}
        </section>
        <section className="agent-modal-section">
          <h3 className="agent-section-title">{t('machineAgent.modal.python')}</h3>
          <p className="agent-muted">{t('machineAgent.modal.pythonHint')}</p>
          <CodeBlock
            code={agentPythonExample(file?.fileName ?? 'agent-config.yaml')}
            label={t('machineAgent.modal.python')}
            copyLabel={t('machineAgent.modal.copyPython')}
          />
        </section>
      </div>
    </Dialog>
  );
}
