import type { DashboardActivity } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { UsersIcon } from '../../../components/icons/users';
import { WalletIcon } from '../../../components/icons/wallet';
import { formatMoney } from '../../../lib/format';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { ALL_NS } from '../../../locales/resources';

const ICONS = { payment: WalletIcon, member: UsersIcon, check_in: CalendarCheckIcon } as const;

/** The latest payments, new members and check-ins of the caller's locations, newest first (up to 8). */
export function RecentActivity({ items }: { items: DashboardActivity[] }) {
  const { t } = useTranslation(ALL_NS);
  const relative = useRelativeTime();
  if (items.length === 0) {
    return (
      <div className="activity-empty">
        <p className="state__title">{t('dashboard:activity.empty')}</p>
        <p className="state__hint">{t('dashboard:activity.emptyHint')}</p>
      </div>
    );
  }
  const text = (a: DashboardActivity) => {
    switch (a.kind) {
      case 'payment':
        return t(a.detail === 'pending' ? 'dashboard:activity.paymentPending' : 'dashboard:activity.payment', {
          name: a.name || t('dashboard:activity.someone'),
          amount: formatMoney((a.amountPaise ?? 0) / 100),
        });
      case 'member':
        return t('dashboard:activity.member', { name: a.name });
      case 'check_in':
        return t(a.detail === 'trainer' ? 'dashboard:activity.trainerCheckIn' : 'dashboard:activity.checkIn', { name: a.name });
    }
  };
  const linkOf = (a: DashboardActivity) =>
    a.personId === null ? null : a.kind === 'check_in' && a.detail === 'trainer' ? `/dashboard/trainers/${a.personId}` : `/dashboard/members/${a.personId}`;
  return (
    <ul className="activity-list" data-testid="recent-activity">
      {items.map((a) => {
        const Icon = ICONS[a.kind];
        const to = linkOf(a);
        return (
          <li key={a.id} className={`activity activity--${a.kind}`}>
            <span className="activity__icon">
              <Icon size={16} />
            </span>
            <span className="activity__body">
              <span className="activity__title">{to ? <Link to={to}>{text(a)}</Link> : text(a)}</span>
              <span className="activity__message">{t(`dashboard:activity.kinds.${a.kind}`)}</span>
            </span>
            <time className="activity__time" dateTime={a.at}>
              {relative(a.at)}
            </time>
          </li>
        );
      })}
      <li className="activity__more">
        <Link to="/dashboard/notifications" className="link link--strong">
          {t('dashboard:activity.viewAll')}
        </Link>
      </li>
    </ul>
  );
}
