import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { ALL_NS } from '../../../locales/resources';

/** The staff's scheduling screens, as links (each its own address). */
export function StaffNav() {
  const { t } = useTranslation(ALL_NS);
  const links = [
    { to: '/dashboard/classes', end: true, label: t('scheduling:nav.timetable') },
    { to: '/dashboard/classes/types', end: false, label: t('scheduling:nav.classTypes') },
    { to: '/dashboard/classes/packs', end: false, label: t('scheduling:nav.packs') },
    { to: '/dashboard/classes/settings', end: false, label: t('scheduling:nav.settings') },
    { to: '/dashboard/classes/events', end: false, label: t('scheduling:nav.events') },
  ];
  return (
    <nav className="tabs tabs--pills sched-staff-nav" aria-label={t('scheduling:nav.label')}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end} className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
