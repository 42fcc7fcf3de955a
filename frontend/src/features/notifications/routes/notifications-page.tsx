import type { Notification } from '@akhada/contracts';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { BellIcon } from '../../../components/icons/bell';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { LoadingState } from '../../../components/spinner';
import { TabList, TabPanel } from '../../../components/tabs';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { useNotificationStats } from '../api/get-notification-stats';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { AnnouncementComposer } from '../components/announcement-composer';
import { FilterDropdown } from '../components/filter-dropdown';
import { useUser } from '../../../lib/auth/session';
import { NotificationRow } from '../components/notification-row';
import { NotificationTypeIcon } from '../components/notification-type-icon';
import { clampPage, FILTER_TABS, parseTab, tabCounts, type FilterTab } from '../lib/filters';
import { pageQueryFrom } from './notifications-data';
import { safeActionPath } from '../lib/list-cache';
import '../notifications.css';
import { ALL_NS } from '../../../locales/resources';

export function NotificationsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('notifications:page.pageTitle'));
  const user = useUser();
  const staff = user.role === 'owner' || user.role === 'admin';
  const navigate = useNavigate();
  const relative = useRelativeTime();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const page = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);

  // The same requests the route's loader started (notifications-data.ts).
  const stats = useNotificationStats();
  const list = useNotifications(pageQueryFrom(params));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllRead();

  const totalPages = list.data?.pagination.totalPages ?? 1;

  const go = useCallback(
    (nextTab: FilterTab, nextPage: number) => {
      const next = new URLSearchParams(params);
      if (nextTab === 'all') next.delete('tab');
      else next.set('tab', nextTab);
      if (nextPage <= 1) next.delete('page');
      else next.set('page', String(nextPage));
      setParams(next, { replace: nextTab === tab });
    },
    [params, setParams, tab],
  );

  // A page past the end (after items were read elsewhere, or an edited URL) snaps back to the last page.
  const settled = list.data && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && page > 1 && page > totalPages) go(tab, clampPage(page, totalPages));
  }, [settled, page, totalPages, tab, go]);

  const onOpen = (n: Notification) => {
    if (n.status === 'unread') markRead.mutate(n);
    const path = safeActionPath(n.actionUrl);
    if (path) navigate(path);
  };

  const counts = tabCounts(stats.data);
  const unreadCount = stats.data?.unreadCount ?? 0;
  const typeStats = stats.data?.typeStats ?? [];
  const items = list.data?.data.notifications ?? [];

  const tabLabel = (key: FilterTab) => (
    <>
      <span>{t(`notifications:tabs.${key}`)}</span>
      <span className="count-badge">{formatNumber(counts[key].count)}</span>
      {counts[key].unread > 0 ? <span className="red-dot" role="img" aria-label={t('notifications:page.hasUnread')} /> : null}
    </>
  );

  return (
    <div className="page notifications-page">
      <PageHeader
        title={t('notifications:page.title')}
        subtitle={t('notifications:page.subtitle')}
        actions={
          unreadCount > 0 ? (
            <div className="unread-summary">
              <span className="unread-summary__box" data-testid="unread-summary">
                <span className="red-dot" aria-hidden="true" />
                {t('notifications:page.unreadCount', { count: unreadCount })}
              </span>
              <button type="button" className="btn btn--primary" onClick={() => markAll.mutate()} disabled={markAll.isPending} data-testid="mark-all-read">
                {t('notifications:page.markAllRead')}
              </button>
            </div>
          ) : null
        }
      />

      {staff ? <AnnouncementComposer /> : null}

      {typeStats.length > 0 ? (
        <section aria-label={t('notifications:page.statsLabel')}>
          <ul className="stat-grid stat-grid--notifications">
            {typeStats.map((s) => (
              <li key={s._id} className="card type-stat" data-testid="type-stat">
                <NotificationTypeIcon type={s._id} size={20} />
                <div className="type-stat__body">
                  <span className="type-stat__name">{t(`notifications:types.${s._id}`)}</span>
                  <span className="type-stat__row">
                    <span className="type-stat__total">{formatNumber(s.count)}</span>
                    {s.unread > 0 ? <span className="badge badge--unread">{t('notifications:page.statUnread', { count: s.unread })}</span> : null}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="notifications-filters">
        <TabList
          label={t('notifications:page.filterLabel')}
          idPrefix="notifications"
          className="tabs--pills notifications-tabs"
          active={tab}
          onChange={(key) => go(key, 1)}
          tabs={FILTER_TABS.map((key) => ({ key, label: tabLabel(key), testId: `notification-tab-${key}` }))}
        />
        <FilterDropdown active={tab} counts={counts} onChange={(key) => go(key, 1)} />
      </div>

      <TabPanel idPrefix="notifications" tabKey={tab} className="notifications-panel">
        {list.isPending ? (
          <LoadingState title={t('notifications:page.loading')} />
        ) : list.isError ? (
          <ErrorState error={list.error} title={t('notifications:page.errorTitle')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState icon={<BellIcon size={28} />} title={t('notifications:page.empty')} hint={t('notifications:page.emptyHint')} />
        ) : (
          <>
            <ul className="notification-list" aria-label={t('notifications:page.listLabel')} aria-busy={list.isFetching}>
              {items.map((n) => (
                <NotificationRow key={n._id} n={n} onOpen={onOpen} when={relative(n.createdAt)} />
              ))}
            </ul>
            <Pagination page={page} totalPages={totalPages} onChange={(p) => go(tab, clampPage(p, totalPages))} disabled={list.isFetching} />
          </>
        )}
      </TabPanel>
    </div>
  );
}
