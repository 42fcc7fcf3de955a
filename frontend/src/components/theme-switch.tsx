import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme';
import { MoonIcon } from './icons/moon';
import { SunIcon } from './icons/sun';
import { ALL_NS } from '../locales/resources';

/** The landing page's own toggle: one button that alternates light and dark (the menu elsewhere also offers "system"). */
export function ThemeSwitch() {
  const { t } = useTranslation(ALL_NS);
  const { resolved, setTheme } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('common:theme.switchToDark') : t('common:theme.switchToLight');
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
      data-testid="theme-switch"
      data-theme-next={next}
    >
      {resolved === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </button>
  );
}
