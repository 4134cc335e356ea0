import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A plain-text mail with its web links clickable (text only, never markup). */
export function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="dev-mail-text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}
