import { CopyButton } from './CopyButton';
import './code-block.css';

interface CodeBlockProps {
  code: string;
  /** Accessible name of the block and its copy button. */
  label: string;
  copyLabel: string;
}

/** Monospaced text that can be selected and copied: samples, keys, tokens, file contents. */
export function CodeBlock({ code, label, copyLabel }: CodeBlockProps) {
  return (
    <div className="code-block">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <div className="code-block-copy">
        <CopyButton text={code} label={copyLabel} />
      </div>
    </div>
  );
}
