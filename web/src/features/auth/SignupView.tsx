import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SECURITY, signupIssue, signupResponseSchema, type AccountIssue } from '@taktwerk/common';
import { requestJson } from '../../app/http-json';
import { usePublicConfig } from '../../app/public-config';
import { useLanguage } from '../../i18n/language';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { accountErrorMessage, issueFromError, issueMessage } from './account-issues';
import { AuthCard } from './AuthCard';
import { EMPTY_SIGNUP, issueFields, type SignupForm } from './signup-fields';
import { SignupFields } from './SignupFields';

interface SignupViewProps {
  onRegistered: () => void;
  onLogin: () => void;
  onBack: () => void;
}

/** Sign-up: a new organization with its owner; success leads to the login (spec part 2 §2, §4). */
export function SignupView({ onRegistered, onLogin, onBack }: SignupViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: config } = usePublicConfig();
  const policy = config?.passwordPolicy ?? { minLength: DEFAULT_SECURITY.passwordMinLength, requireSpecialChars: DEFAULT_SECURITY.requireSpecialChars };
  const disabled = config?.registrationEnabled === false;
  const [form, setForm] = useState<SignupForm>(EMPTY_SIGNUP);
  const [issue, setIssue] = useState<AccountIssue | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = signupIssue(form, policy);
    setIssue(found);
    if (found) return;
    setBusy(true);
    try {
      signupResponseSchema.parse(await requestJson('/auth/signup', { method: 'POST', body: { ...form, language } }));
      onRegistered();
    } catch (error) {
      setIssue(issueFromError(error));
      setFormError(issueFromError(error) ? null : accountErrorMessage(error, t, 'signup', registrationError(error)));
      setBusy(false);
    }
  }

  function registrationError(error: unknown): string {
    const code = (error as { code?: unknown } | null)?.code;
    return code === 'registration_disabled' ? t('auth.errors.registrationDisabled') : t('auth.errors.registrationFailed');
  }

  const footer = (
    <>
      <p className="auth-links-line">
        {t('auth.signup.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={onLogin}>
          {t('auth.signup.signIn')}
        </button>
      </p>
      <button type="button" className="link-button" onClick={onBack}>
        <Icon name="arrow-left" size={16} />
        {t('auth.signup.backToHome')}
      </button>
    </>
  );

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} notice={disabled ? t('auth.signup.disabled') : null} footer={busy ? null : footer}>
      {busy ? (
        <div className="auth-busy" role="status">
          <Spinner size="lg" />
          <p>{t('auth.signup.busy')}</p>
        </div>
      ) : (
        <form className="form" onSubmit={handleSubmit} noValidate>
          <SignupFields
            form={form}
            policy={policy}
            onChange={setForm}
            errorFields={issue ? issueFields(issue) : []}
            error={issue ? issueMessage(issue, t, 'signup') : null}
          />
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <Button type="submit" variant="primary" size="lg" className="form-submit" disabled={disabled}>
            {t('auth.signup.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
