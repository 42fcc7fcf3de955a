import type { User } from '@akhada/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/icons/menu';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { LocationSwitcher } from './location-switcher';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';
import { ALL_NS } from '../../locales/resources';

export function TopBar({
  user,
  drawer,
  drawerOpen,
  onMenu,
  menuButtonRef,
}: {
  user: User;
  drawer: boolean;
  drawerOpen: boolean;
  onMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <header className="topbar">
      {drawer ? (
        <>
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-btn topbar__menu"
            onClick={onMenu}
            aria-label={t('shell:menu.open')}
            aria-expanded={drawerOpen}
            aria-controls="app-sidebar"
            data-testid="menu-button"
          >
            <MenuIcon size={22} />
          </button>
          <Logo compact />
        </>
      ) : null}
      <SearchBox />
      <div className="topbar__actions">
        {drawer ? null : (
          <>
            <LocationSwitcher user={user} />
            <ThemeToggle />
            <LanguageSwitch />
          </>
        )}
        <NotificationBell />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
