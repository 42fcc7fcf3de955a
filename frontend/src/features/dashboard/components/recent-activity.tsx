import type { Notification } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BellIcon } from '../../../components/icons/bell';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { ALL_NS } from '../../../locales/resources';

/** The latest notifications that reached this user, newest first. */
export function RecentActivity({ items }: { items: Notification[] }) {
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
  return (
    <ul className="activity-list">
      {items.map((n) => (
        <li key={n._id} className={`activity${n.status === 'unread' ? ' activity--unread' : ''}`}>
          <span className="activity__icon">
            <BellIcon size={16} />
          </span>
          <span className="activity__body">
            <span className="activity__title">{n.title}</span>
            <span className="activity__message">{n.message}</span>
          </span>
          <time className="activity__time" dateTime={n.createdAt}>
            {relative(n.createdAt)}
          </time>
        </li>
      ))}
      <li className="activity__more">
        <Link to="/dashboard/notifications" className="link link--strong">
          {t('dashboard:activity.viewAll')}
        </Link>
      </li>
    </ul>
  );
}
