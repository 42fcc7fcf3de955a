import { useTranslation } from 'react-i18next';
import { useTheme, type ThemeChoice } from '../lib/theme';
import { MonitorIcon } from './icons/monitor';
import { MoonIcon } from './icons/moon';
import { SunIcon } from './icons/sun';
import { Menu } from './menu';
import { ALL_NS } from '../locales/resources';

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;
export const THEME_CHOICES: ThemeChoice[] = ['light', 'dark', 'system'];

/** Light / dark / system, as a small menu button. */
export function ThemeToggle() {
  const { t } = useTranslation(ALL_NS);
  const { theme, setTheme } = useTheme();
  const Current = ICONS[theme];
  const currentLabel = t('common:theme.current', { theme: t(`common:theme.${theme}`) });
  return (
    <Menu
      radio
      triggerLabel={currentLabel}
      triggerTitle={currentLabel}
      triggerContent={<Current size={20} />}
      triggerTestId="theme-toggle"
      items={THEME_CHOICES.map((choice) => {
        const Icon = ICONS[choice];
        return {
          key: choice,
          label: t(`common:theme.${choice}`),
          icon: <Icon size={16} />,
          checked: theme === choice,
          onSelect: () => setTheme(choice),
          testId: `theme-${choice}`,
        };
      })}
    />
  );
}
