import { useTranslation } from 'react-i18next';
import { MonitorIcon } from '../../../components/icons/monitor';
import { MoonIcon } from '../../../components/icons/moon';
import { SunIcon } from '../../../components/icons/sun';
import { LANGUAGES, setLanguage } from '../../../lib/i18n';
import { useTheme, type ThemeChoice } from '../../../lib/theme';
import { ALL_NS } from '../../../locales/resources';

const THEMES: { value: ThemeChoice; Icon: typeof SunIcon }[] = [
  { value: 'light', Icon: SunIcon },
  { value: 'dark', Icon: MoonIcon },
  { value: 'system', Icon: MonitorIcon },
];

/** Theme and language live on this device, so this tab works without any server. */
export function AppearanceSettings() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { theme, setTheme } = useTheme();
  return (
    <div className="form">
      <p className="text-muted">{t('settings:appearance.description')}</p>
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:appearance.theme')}</legend>
        <div className="choice-group__options">
          {THEMES.map(({ value, Icon }) => (
            <label key={value} className={`choice${theme === value ? ' choice--checked' : ''}`}>
              <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => setTheme(value)} className="choice__input" />
              <Icon size={18} />
              <span>{t(`common:theme.${value}`)}</span>
            </label>
          ))}
        </div>
        <p className="field__hint">{t('settings:appearance.themeHint')}</p>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:appearance.language')}</legend>
        <div className="choice-group__options">
          {LANGUAGES.map((lang) => (
            <label key={lang} className={`choice${i18n.language === lang ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name="language"
                value={lang}
                checked={i18n.language === lang}
                onChange={() => void setLanguage(lang)}
                className="choice__input"
              />
              <span lang={lang}>{t(`common:language.${lang}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
