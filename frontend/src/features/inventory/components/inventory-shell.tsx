import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { canManageInventory } from '../lib/inventory-format';
import '../inventory.css';

const SECTIONS = [
  { key: 'list', to: '/dashboard/inventory', desk: false },
  { key: 'alerts', to: '/dashboard/inventory/alerts', desk: false },
  { key: 'maintenance', to: '/dashboard/inventory/maintenance', desk: false },
  { key: 'suppliers', to: '/dashboard/inventory/suppliers', desk: true },
  { key: 'analytics', to: '/dashboard/inventory/analytics', desk: true },
] as const;

/** An inventory screen: back link (sub-pages), title, actions, the sections' links (by role) and the content. */
export function InventoryPage({
  title,
  subtitle,
  actions,
  back = true,
  nav = true,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  back?: boolean;
  nav?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const desk = canManageInventory(user.role);
  useDocumentTitle(title);
  return (
    <div className="page inv" data-testid={testId}>
      {back ? (
        <Link to="/dashboard/inventory" className="back-link" data-testid="back-to-inventory">
          ← {t('inventory:backToInventory')}
        </Link>
      ) : null}
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {nav ? (
        <nav className="inv-nav" aria-label={t('inventory:nav.label')}>
          {SECTIONS.filter((s) => desk || !s.desk).map((s) => (
            <NavLink
              key={s.key}
              to={s.to}
              end
              className={({ isActive }) => `inv-nav__link${isActive ? ' inv-nav__link--active' : ''}`}
              data-testid={`inv-nav-${s.key}`}
            >
              {t(`inventory:nav.${s.key}`)}
            </NavLink>
          ))}
        </nav>
      ) : null}
      {children}
    </div>
  );
}

export function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge ${tone.startsWith('badge--') ? tone : `badge--${tone}`}`} data-testid={testId}>
      {children}
    </span>
  );
}
