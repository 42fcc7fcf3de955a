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
      {/* Both icons; the stylesheet shows the one for the page's theme (set before the first paint), so a page
          painted before this code runs (the landing page's first screen) shows the right one too. */}
      <span className="theme-switch__icon theme-switch__icon--to-light">
        <SunIcon size={20} />
      </span>
      <span className="theme-switch__icon theme-switch__icon--to-dark">
        <MoonIcon size={20} />
      </span>
    </button>
  );
}
