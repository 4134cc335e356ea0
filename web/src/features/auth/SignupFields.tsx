import { useTranslation } from 'react-i18next';
import type { PasswordPolicy } from '@taktwerk/common';
import { Checkbox } from '../../ui/Checkbox';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import type { SignupField, SignupForm } from './signup-fields';

interface SignupFieldsProps {
  form: SignupForm;
  policy: PasswordPolicy;
  onChange: (form: SignupForm) => void;
  /** Fields the current message is about: marked invalid, with the message beside them. */
  errorFields: SignupField[];
  error: string | null;
}

export function SignupFields({ form, policy, onChange, errorFields, error }: SignupFieldsProps) {
  const { t } = useTranslation();
  const errorOf = (field: SignupField) => (errorFields.includes(field) ? error : null);
  const set = (field: SignupField, value: string | boolean) => onChange({ ...form, [field]: value });
  const passwordHint = policy.requireSpecialChars
    ? t('auth.signup.passwordHintSpecial', { min: policy.minLength })
    : t('auth.signup.passwordHint', { min: policy.minLength });

  return (
    <>
      <Field label={t('auth.signup.name')} error={errorOf('name')} required>
        <Input name="name" autoComplete="name" autoFocus value={form.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field label={t('auth.signup.email')} error={errorOf('email')} required>
        <Input type="email" name="email" autoComplete="email" inputMode="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
      </Field>
      <Field label={t('auth.signup.organizationName')} error={errorOf('organizationName')} required>
        <Input name="organization" autoComplete="organization" value={form.organizationName} onChange={(e) => set('organizationName', e.target.value)} />
      </Field>
      <Field label={t('auth.signup.password')} hint={passwordHint} error={errorOf('password')} required>
        <PasswordInput name="new-password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
      </Field>
      <Field label={t('auth.signup.confirmPassword')} error={errorOf('confirmPassword')} required>
        <PasswordInput
          name="confirm-password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
      </Field>
      <Checkbox
        label={t('auth.signup.acceptTerms')}
        checked={form.acceptTerms}
        error={errorOf('acceptTerms')}
        onChange={(e) => set('acceptTerms', e.target.checked)}
      />
    </>
  );
}
