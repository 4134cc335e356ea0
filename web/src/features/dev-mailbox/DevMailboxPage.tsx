import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../app/PublicFrame';
import { routeHref } from '../../app/router/hash-route';
import { usePageTitle } from '../../app/use-page-title';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { LoadingState } from '../../ui/Spinner';
import { MailText } from './MailText';
import { useDevMailbox } from './use-dev-mailbox';
import './dev-mailbox.css';

/** #dev-mailbox: the mails a development api without SMTP kept, so a person can follow e.g. a reset link. */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useDevMailbox();
  usePageTitle(t('devMailbox.title'));

  return (
    <PublicFrame>
      <section className="dev-mailbox">
        <header className="dev-mailbox-header">
          <h1 className="dev-mailbox-title">{t('devMailbox.title')}</h1>
          <p className="dev-mailbox-intro">{t('devMailbox.intro')}</p>
        </header>
        {isLoading && <LoadingState />}
        {error && <EmptyState icon="warning" title={t('devMailbox.unavailable')} />}
        {data && data.mails.length === 0 && <EmptyState title={t('devMailbox.empty')} />}
        {data?.mails.map((mail) => (
          <article key={mail.id} className="dev-mail">
            <header className="dev-mail-header">
              <h2 className="dev-mail-subject">{mail.subject}</h2>
              <p className="dev-mail-meta">
                {t('devMailbox.to', { to: mail.to })} · <time dateTime={mail.sentAt}>{new Date(mail.sentAt).toLocaleTimeString('en-GB')}</time>
              </p>
            </header>
            <MailText text={mail.text} />
          </article>
        ))}
        <a className="link-button" href={routeHref('home')}>
          <Icon name="arrow-left" size={16} />
          {t('devMailbox.backToHome')}
        </a>
      </section>
    </PublicFrame>
  );
}
