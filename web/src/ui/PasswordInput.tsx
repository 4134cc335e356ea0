import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { Input } from './Input';

/** A password input with a show/hide toggle; place it inside a Field like any Input. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  function handleToggle() {
    setVisible((v) => !v);
  }

  return (
    <div className="input-affix">
      <Input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="input-affix-button"
        onClick={handleToggle}
        aria-pressed={visible}
        aria-label={visible ? t('ui.password.hide') : t('ui.password.show')}
        title={visible ? t('ui.password.hide') : t('ui.password.show')}
      >
        <Icon name={visible ? 'eye-off' : 'eye'} />
      </button>
    </div>
  );
}
