import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../app/PublicFrame';
import { usePageTitle } from '../../app/use-page-title';
import { Icon } from '../../ui/Icon';
import { CredentialsForm } from './CredentialsForm';
import './auth.css';

/**
 * The sign-in card. Credentials are the only step for now; the two-factor step (spec part 1 §2) will sit beside
 * CredentialsForm here, switched by the pending-challenge state.
 */
export function LoginView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));

  return (
    <PublicFrame>
      <div className="auth-card">
        <h1 className="auth-title">{t('auth.login.title')}</h1>
        <p className="auth-subtitle">{t('auth.login.subtitle')}</p>
        <CredentialsForm />
        <button type="button" className="link-button auth-back" onClick={onBack}>
          <Icon name="arrow-left" size={16} />
          {t('auth.login.backToHome')}
        </button>
      </div>
    </PublicFrame>
  );
}
