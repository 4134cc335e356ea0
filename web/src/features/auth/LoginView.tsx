import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { AuthCard } from './AuthCard';
import { CredentialsForm } from './CredentialsForm';
import { TwoFactorForm } from './TwoFactorForm';

interface LoginViewProps {
  /** An info line above the form: a finished sign-up or reset, or an inactivity sign-out. */
  notice?: string | null;
  onBack: () => void;
  onSignUp: () => void;
  onForgot: () => void;
}

/** Sign-in: credentials, then for two-factor users the code step (spec part 1 §2, §4). */
export function LoginView({ notice, onBack, onSignUp, onForgot }: LoginViewProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [returnedError, setReturnedError] = useState<string | null>(null);

  function handleChallenge(challengeToken: string) {
    setReturnedError(null);
    setChallenge(challengeToken);
  }

  function handleTwoFactorFailed(message: string) {
    setChallenge(null);
    setReturnedError(message);
  }

  function handleBackToLogin() {
    setChallenge(null);
    setReturnedError(null);
  }

  if (challenge) {
    return (
      <AuthCard
        title={t('auth.twoFactor.title')}
        subtitle={t('auth.twoFactor.subtitle')}
        footer={
          <button type="button" className="link-button" onClick={handleBackToLogin}>
            <Icon name="arrow-left" size={16} />
            {t('auth.twoFactor.backToLogin')}
          </button>
        }
      >
        <TwoFactorForm challengeToken={challenge} onFailed={handleTwoFactorFailed} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      notice={returnedError ? null : notice}
      footer={
        <>
          <button type="button" className="link-button" onClick={onForgot}>
            {t('auth.login.forgotPassword')}
          </button>
          <p className="auth-links-line">
            {t('auth.login.noAccount')}{' '}
            <button type="button" className="link-button" onClick={onSignUp}>
              {t('auth.login.signUp')}
            </button>
          </p>
          <button type="button" className="link-button" onClick={onBack}>
            <Icon name="arrow-left" size={16} />
            {t('auth.login.backToHome')}
          </button>
        </>
      }
    >
      <CredentialsForm email={email} onEmailChange={setEmail} initialError={returnedError} onChallenge={handleChallenge} />
    </AuthCard>
  );
}
