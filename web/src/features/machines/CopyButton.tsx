import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useToast } from '../../ui/Toast';

interface CopyButtonProps {
  text: string;
  /** Names what is copied for screen readers, e.g. "Copy curl sample". */
  label?: string;
}

/** Copies text to the clipboard; a failure shows the spec's 'Copy failed' toast. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      showToast({ type: 'error', title: t('machines.copy.failedTitle'), message: t('machines.copy.failedMessage') });
    }
  }

  return (
    <Button size="sm" onClick={handleCopy} aria-label={label} icon={copied ? <Icon name="success" /> : undefined}>
      {copied ? t('machines.copy.copied') : t('machines.copy.copy')}
    </Button>
  );
}
