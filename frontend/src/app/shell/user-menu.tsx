import type { User } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../components/icons/chevron-down';
import { LogOutIcon } from '../../components/icons/log-out';
import { SlidersIcon } from '../../components/icons/sliders';
import { UserIcon } from '../../components/icons/user';
import { Menu } from '../../components/menu';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../lib/auth/session';
import { ALL_NS } from '../../locales/resources';

export function initialOf(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const c = Array.from(user.firstName.trim())[0] ?? Array.from(user.email)[0] ?? '?';
  return c.toUpperCase();
}

/** Your Profile, Settings, Sign out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation(ALL_NS);
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Menu
      triggerLabel={`${t('shell:userMenu.label')}: ${user.fullName}`}
      triggerClassName="user-menu__trigger"
      triggerTestId="user-menu"
      triggerContent={
        <>
          {/* The picture, or the initial drawn by CSS, so the button's visible text is just the name its label contains. */}
          <UserAvatar person={user} size="sm" className="user-menu__avatar" />
          <span className="user-menu__name" aria-hidden="true">
            {user.firstName}
          </span>
          <ChevronDownIcon size={16} className="user-menu__chevron" />
        </>
      }
      header={
        <div className="menu__header">
          <p className="menu__header-name">{user.fullName}</p>
          <p className="menu__header-sub">{user.email}</p>
        </div>
      }
      items={[
        { key: 'profile', label: t('shell:userMenu.profile'), icon: <UserIcon size={16} />, to: '/dashboard/profile', testId: 'menu-profile' },
        { key: 'settings', label: t('shell:userMenu.settings'), icon: <SlidersIcon size={16} />, to: '/dashboard/settings', testId: 'menu-settings' },
        {
          key: 'sign-out',
          label: signingOut ? t('shell:userMenu.signingOut') : t('shell:userMenu.signOut'),
          icon: <LogOutIcon size={16} />,
          danger: true,
          testId: 'sign-out',
          onSelect: () => {
            if (signingOut) return;
            setSigningOut(true);
            void signOut().finally(() => setSigningOut(false));
          },
        },
      ]}
    />
  );
}
