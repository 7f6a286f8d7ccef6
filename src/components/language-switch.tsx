import { useTranslation } from 'react-i18next';

const LANGS = ['he', 'en'] as const;

/** Switches between Hebrew and English; the choice is remembered (localStorage + cookie). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? 'he';
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGS.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={current === l} onClick={() => void i18n.changeLanguage(l)}>
          {t(`language.${l}`)}
        </button>
      ))}
    </div>
  );
}
