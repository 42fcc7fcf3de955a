import type { User } from '@akhada/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { CloseIcon } from '../../components/icons/close';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { GymIdentity } from './gym-identity';
import { LocationSwitcher } from './location-switcher';
import { navItemsFor } from './nav-items';
import { UserAvatar } from '../../components/user-avatar';
import { ALL_NS } from '../../locales/resources';

export function Sidebar({
  user,
  drawer,
  open,
  onClose,
  panelRef,
}: {
  user: User;
  /** On small screens the sidebar is a slide-in drawer. */
  drawer: boolean;
  open: boolean;
  onClose: () => void;
  panelRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation(ALL_NS);
  const asDialog = drawer && open;
  return (
    <aside
      ref={panelRef}
      id="app-sidebar"
      className="sidebar"
      role={asDialog ? 'dialog' : undefined}
      aria-modal={asDialog ? true : undefined}
      aria-label={asDialog ? t('shell:nav.label') : undefined}
      data-testid="sidebar"
    >
      <div className="sidebar__head">
        <Logo onClick={drawer ? onClose : undefined} />
        {drawer ? (
          <button type="button" className="icon-btn sidebar__close" onClick={onClose} aria-label={t('shell:menu.close')} data-testid="drawer-close">
            <CloseIcon size={20} />
          </button>
        ) : null}
      </div>
      <GymIdentity organization={user.organization} />
      <nav className="sidebar__nav" aria-label={t('shell:nav.label')}>
        <ul>
          {navItemsFor(user.role).map(({ key, to, end, Icon }) => (
            <li key={key}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) => `nav-link${isActive ? ' nav-link--active' : ''}`}
                onClick={drawer ? onClose : undefined}
                data-testid={`nav-${key}`}
              >
                <Icon size={18} />
                <span>{t(`shell:nav.${key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {drawer ? (
        <div className="sidebar__prefs" aria-label={t('shell:preferences')} role="group">
          <LocationSwitcher user={user} className="location-switcher--block" />
          <div className="sidebar__prefs-row">
            <ThemeToggle />
            <LanguageSwitch />
          </div>
        </div>
      ) : null}
      <div className="sidebar__footer" data-testid="sidebar-user">
        <UserAvatar person={user} size="md" />
        <span className="sidebar__user">
          <span className="sidebar__user-name">{user.fullName}</span>
          <span className="sidebar__user-role">{t(`shell:roles.${user.role}`)}</span>
        </span>
      </div>
    </aside>
  );
}
