import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { MonitorIcon } from '../../../components/icons/monitor';
import { MoonIcon } from '../../../components/icons/moon';
import { SunIcon } from '../../../components/icons/sun';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { LANGUAGES, setLanguage, type Language } from '../../../lib/i18n';
import { applyDensity, usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { useTheme, type ThemeChoice } from '../../../lib/theme';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';

const THEMES: { value: ThemeChoice; Icon: typeof SunIcon }[] = [
  { value: 'light', Icon: SunIcon },
  { value: 'dark', Icon: MoonIcon },
  { value: 'system', Icon: MonitorIcon },
];
const DENSITIES = ['comfortable', 'compact'] as const;

/**
 * Theme, language and density: applied here at once and saved on the server for the user, so they follow them to
 * any device they sign in on.
 */
export function AppearanceSettings() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { theme, setTheme } = useTheme();
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();
  const { describe } = useErrorText();
  const saved = () => toast.success(t('gymsettings:saved'));
  if (prefs.isPending) return <LoadingState title={t('gymsettings:loading')} />;
  if (prefs.isError)
    return <ErrorState error={prefs.error} title={t('gymsettings:loadFailed')} onRetry={() => void prefs.refetch()} retrying={prefs.isFetching} />;
  const density = prefs.data.density;
  return (
    <div className="form" data-testid="appearance-settings">
      <p className="text-muted">{t('gymsettings:appearance.description')}</p>
      <fieldset className="choice-group">
        <legend className="field__label">{t('settings:appearance.theme')}</legend>
        <div className="choice-group__options">
          {THEMES.map(({ value, Icon }) => (
            <label key={value} className={`choice${theme === value ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => {
                  setTheme(value);
                  update.mutate({ theme: value }, { onSuccess: saved });
                }}
                className="choice__input"
                data-testid={`appearance-theme-${value}`}
              />
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
          {LANGUAGES.map((lang: Language) => (
            <label key={lang} className={`choice${i18n.language === lang ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name="language"
                value={lang}
                checked={i18n.language === lang}
                onChange={() => {
                  void setLanguage(lang);
                  update.mutate({ language: lang }, { onSuccess: saved });
                }}
                className="choice__input"
                data-testid={`appearance-language-${lang}`}
              />
              <span lang={lang}>{t(`common:language.${lang}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="field__label">{t('gymsettings:appearance.density')}</legend>
        <div className="choice-group__options">
          {DENSITIES.map((d) => (
            <label key={d} className={`choice${density === d ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name="density"
                value={d}
                checked={density === d}
                onChange={() => {
                  applyDensity(d);
                  update.mutate({ density: d }, { onSuccess: saved });
                }}
                className="choice__input"
                data-testid={`appearance-density-${d}`}
              />
              <span>{t(`gymsettings:appearance.densities.${d}`)}</span>
            </label>
          ))}
        </div>
        <p className="field__hint">{t('gymsettings:appearance.densityHint')}</p>
      </fieldset>
      {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
    </div>
  );
}
