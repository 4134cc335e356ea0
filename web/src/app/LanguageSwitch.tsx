import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@taktwerk/common';
import { setLanguage, useLanguage } from '../i18n/language';

/** onChange: the signed-in header saves the choice to the preferences. */
export function LanguageSwitch({ onChange }: { onChange?: (language: Language) => void }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const names: Record<Language, string> = { en: t('common.language.en'), de: t('common.language.de') };

  return (
    <div className="segmented" role="group" aria-label={t('common.language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="segmented-option"
          aria-pressed={language === current}
          lang={language}
          title={names[language]}
          onClick={() => {
            setLanguage(language);
            onChange?.(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
