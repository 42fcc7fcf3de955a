import type { Notification } from '@akhada/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BellIcon } from '../../../components/icons/bell';
import { Spinner } from '../../../components/spinner';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../../../lib/shared-queries/unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { BELL_QUERY } from '../api/bell-query';
import { useNotificationSocket } from '../hooks/use-notification-socket';
import { formatBadgeCount } from '../lib/badge-count';
import { safeActionPath } from '../lib/list-cache';
import { notificationText } from '../lib/notification-text';
import { NotificationTypeIcon } from './notification-type-icon';
import { PriorityBadge } from './priority-badge';
import '../notifications.css';
import { ALL_NS } from '../../../locales/resources';

/** The bell in the top bar: unread badge, live updates, and a dropdown with the 10 most recent. */
export function NotificationBell() {
  const { t } = useTranslation(ALL_NS);
  const live = useNotificationSocket();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const relative = useRelativeTime();

  const unread = useUnreadCount();
  const count = unread.data?.unreadCount ?? 0;
  // Loaded up front, so the dropdown opens with data and live pushes have a list to land in.
  const list = useNotifications(BELL_QUERY);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllRead();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    }
  };

  const onItem = (n: Notification) => {
    if (n.status === 'unread') markRead.mutate(n);
    close(false);
    const path = safeActionPath(n.actionUrl);
    if (path) navigate(path);
    else buttonRef.current?.focus();
  };

  const items = list.data?.data.notifications ?? [];
  const badge = formatBadgeCount(count);
  // The name says what the badge shows ("9+" above nine), so what is seen is what is read; the live announcement gives the exact count.
  const label = count > 0 ? t('notifications:bell.labelWithCount', { count, badge }) : t('notifications:bell.label');
  const announcement = count > 0 ? t('notifications:bell.announce', { count }) : t('notifications:bell.announceNone');

  return (
    <div className="bell" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => (open ? close(false) : setOpen(true))}
        data-testid="bell-button"
        data-live={live ? 'true' : 'false'}
      >
        <BellIcon size={20} />
        {badge ? (
          <span className="bell__badge" aria-hidden="true" data-testid="bell-badge">
            {badge}
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {unread.isSuccess ? announcement : ''}
      </span>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          className="bell__panel"
          tabIndex={-1}
          data-testid="bell-panel"
        >
          <div className="bell__header">
            <h2 id={titleId} className="bell__title">
              {t('notifications:bell.title')}
            </h2>
            {count > 0 ? (
              <button type="button" className="btn btn--link btn--sm" onClick={() => markAll.mutate()} disabled={markAll.isPending} data-testid="bell-mark-all">
                {t('notifications:bell.markAllRead')}
              </button>
            ) : null}
          </div>
          <div className="bell__body">
            {list.isPending ? (
              <div className="bell__state" role="status">
                <Spinner size="sm" />
                <span>{t('notifications:bell.loading')}</span>
              </div>
            ) : list.isError && items.length === 0 ? (
              <div className="bell__state bell__state--error" role="alert">
                <span>{t('notifications:page.errorTitle')}</span>
                <button type="button" className="btn btn--link btn--sm" onClick={() => void list.refetch()}>
                  {t('common:actions.retry')}
                </button>
              </div>
            ) : items.length === 0 ? (
              <p className="bell__state">{t('notifications:bell.empty')}</p>
            ) : (
              <ul className="bell__list">
                {items.map((n) => (
                  <li key={n._id}>
                    <button
                      type="button"
                      className={`bell-item${n.status === 'unread' ? ' bell-item--unread' : ''}`}
                      onClick={() => onItem(n)}
                      data-testid="bell-item"
                    >
                      <NotificationTypeIcon type={n.type} />
                      <span className="bell-item__body">
                        <span className="bell-item__top">
                          <span className="bell-item__title">{notificationText(t, n).title}</span>
                          {n.status === 'unread' ? <span className="unread-dot" role="img" aria-label={t('notifications:item.unread')} /> : null}
                        </span>
                        <span className="bell-item__message">{notificationText(t, n).message}</span>
                        <span className="bell-item__meta">
                          <time dateTime={n.createdAt}>{relative(n.createdAt)}</time>
                          <PriorityBadge priority={n.priority} />
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="bell__footer">
            <Link to="/dashboard/notifications" className="btn btn--link btn--block" onClick={() => close(false)} data-testid="bell-view-all">
              {t('notifications:bell.viewAll')}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
