import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import { ALL_NS } from '../locales/resources';

/** Switches between English and हिन्दी; the button names the other language in that language. */
export function LanguageSwitch({ className = 'lang-switch' }: { className?: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const next = i18n.language === 'hi' ? 'en' : 'hi';
  const nextName = t(`common:language.${next}`);
  return (
    <button
      type="button"
      className={className}
      onClick={() => void setLanguage(next)}
      aria-label={t('common:language.switchTo', { language: nextName })}
      title={t('common:language.switchTo', { language: nextName })}
      data-testid="language-switch"
    >
      <span lang={next}>{nextName}</span>
    </button>
  );
}
