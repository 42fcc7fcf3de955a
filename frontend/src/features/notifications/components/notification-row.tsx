import type { Notification } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from '../../../components/icons/arrow-right';
import { safeActionPath } from '../lib/list-cache';
import { notificationText } from '../lib/notification-text';
import { NotificationTypeIcon } from './notification-type-icon';
import { PriorityBadge } from './priority-badge';
import { ALL_NS } from '../../../locales/resources';

/** One notification on the notifications page. */
export function NotificationRow({ n, onOpen, when }: { n: Notification; onOpen: (n: Notification) => void; when: string }) {
  const { t } = useTranslation(ALL_NS);
  const unread = n.status === 'unread';
  const action = safeActionPath(n.actionUrl);
  const text = notificationText(t, n);
  const category = text.category;
  return (
    <li>
      <button
        type="button"
        className={`notification-row card${unread ? ' notification-row--unread' : ''}`}
        onClick={() => onOpen(n)}
        data-testid="notification-row"
      >
        <NotificationTypeIcon type={n.type} size={20} />
        <span className="notification-row__body">
          <span className="notification-row__top">
            <span className="notification-row__title">{text.title}</span>
            <PriorityBadge priority={n.priority} />
            {unread ? <span className="unread-dot" role="img" aria-label={t('notifications:item.unread')} /> : null}
          </span>
          <span className="notification-row__message">{text.message}</span>
          <span className="notification-row__meta">
            <time dateTime={n.createdAt}>{when}</time>
            <span aria-hidden="true">·</span>
            <span>
              <span className="visually-hidden">{t('notifications:item.type')}: </span>
              {t(`notifications:types.${n.type}`)}
            </span>
            <span aria-hidden="true">·</span>
            <span className="notification-row__category">
              <span className="visually-hidden">{t('notifications:item.category')}: </span>
              {category}
            </span>
            {action ? (
              <span className="notification-row__action">
                {text.actionText || t('notifications:item.view')}
                <ArrowRightIcon size={14} />
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}
