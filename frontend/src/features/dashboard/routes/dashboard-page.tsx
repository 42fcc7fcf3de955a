import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { BellIcon } from '../../../components/icons/bell';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { PlusIcon } from '../../../components/icons/plus';
import { UserIcon } from '../../../components/icons/user';
import { UsersIcon } from '../../../components/icons/users';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { canSwitchLocation, useCurrentLocation } from '../../../lib/current-location';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { GymCard } from '../components/gym-card';
import { RecentActivity } from '../components/recent-activity';
import { StatCard } from '../components/stat-card';
import '../dashboard.css';
import { dashboardQueries, RECENT_ACTIVITY_SIZE } from './dashboard-data';
import { ALL_NS } from '../../../locales/resources';

export function DashboardPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('dashboard:pageTitle'));
  const user = useUser();
  const now = useNow(60_000);
  const { locationId } = useCurrentLocation(user);
  const manager = canSwitchLocation(user);

  // The same queries /dashboard's loader started with the route (dashboard-data.ts).
  const queries = dashboardQueries(user, locationId);
  const staff = queries.staff;
  const total = useQuery({ ...queries.total, enabled: staff });
  const active = useQuery({ ...queries.active, enabled: staff });
  const unread = useQuery(queries.unread);
  const recent = useQuery(queries.recent);

  const primary = staff ? [total, active, unread] : [unread];
  const waiting = primary.every((q) => q.isPending);
  const allFailed = primary.every((q) => q.isError);
  const retryAll = () => {
    primary.forEach((q) => void q.refetch());
    void recent.refetch();
  };

  return (
    <div className="page dashboard">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title" data-testid="dashboard-greeting">
            {t('dashboard:greeting', { firstName: user.firstName })}
          </h1>
          <p className="page-header__subtitle">{t('dashboard:subtitle')}</p>
        </div>
      </header>

      {waiting ? (
        <LoadingState title={t('dashboard:loading')} hint={t('dashboard:loadingHint')} />
      ) : allFailed ? (
        <ErrorState
          error={primary[0]?.error}
          title={t('dashboard:error')}
          onRetry={retryAll}
          retryLabel={t('dashboard:tryAgain')}
          retrying={primary.some((q) => q.isFetching)}
        />
      ) : (
        <>
          <ul className={`stat-grid${staff ? '' : ' stat-grid--single'}`} aria-label={t('dashboard:cards.label')}>
            {staff ? (
              <>
                <StatCard
                  testId="stat-total-members"
                  label={t('dashboard:cards.totalMembers')}
                  hint={manager && locationId === null ? t('dashboard:cards.totalMembersHintAll') : t('dashboard:cards.totalMembersHint')}
                  to="/dashboard/members"
                  icon={<UsersIcon size={20} />}
                  query={total}
                />
                <StatCard
                  testId="stat-active-members"
                  label={t('dashboard:cards.activeMembers')}
                  hint={t('dashboard:cards.activeMembersHint')}
                  to="/dashboard/members?status=active"
                  icon={<CheckCircleIcon size={20} />}
                  query={active}
                  tone="success"
                />
              </>
            ) : null}
            <StatCard
              testId="stat-unread"
              label={t('dashboard:cards.unread')}
              hint={t('dashboard:cards.unreadHint')}
              to="/dashboard/notifications?tab=unread"
              icon={<BellIcon size={20} />}
              query={{ ...unread, data: unread.data?.unreadCount }}
              tone={(unread.data?.unreadCount ?? 0) > 0 ? 'warning' : 'primary'}
            />
          </ul>

          <div className="dashboard__columns">
            <section className="card" aria-labelledby="activity-title">
              <div className="card__head">
                <h2 id="activity-title" className="card__title">
                  {t('dashboard:activity.title')}
                </h2>
                <Link to="/dashboard/notifications" className="link link--strong">
                  {t('dashboard:activity.viewAll')}
                </Link>
              </div>
              {recent.isPending ? (
                <LoadingState title={t('common:loading')} />
              ) : recent.isError ? (
                <ErrorState error={recent.error} onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
              ) : (
                <RecentActivity items={recent.data.data.notifications.slice(0, RECENT_ACTIVITY_SIZE)} />
              )}
            </section>

            <div className="dashboard__side">
              <section className="card" aria-labelledby="quick-actions-title">
                <h2 id="quick-actions-title" className="card__title">
                  {t('dashboard:quickActions.title')}
                </h2>
                <ul className="quick-actions">
                  {staff ? (
                    <>
                      <li>
                        <Link to="/dashboard/members?add=1" className="quick-action" data-testid="quick-add-member">
                          <PlusIcon size={18} />
                          {t('dashboard:quickActions.addMember')}
                        </Link>
                      </li>
                      <li>
                        <Link to="/dashboard/members" className="quick-action">
                          <UsersIcon size={18} />
                          {t('dashboard:quickActions.viewMembers')}
                        </Link>
                      </li>
                    </>
                  ) : null}
                  <li>
                    <Link to="/dashboard/notifications" className="quick-action">
                      <BellIcon size={18} />
                      {t('dashboard:quickActions.viewNotifications')}
                      {(unread.data?.unreadCount ?? 0) > 0 ? <span className="count-badge count-badge--alert">{unread.data?.unreadCount}</span> : null}
                    </Link>
                  </li>
                  <li>
                    <Link to="/dashboard/profile" className="quick-action">
                      <UserIcon size={18} />
                      {t('dashboard:quickActions.profile')}
                    </Link>
                  </li>
                </ul>
              </section>
              {manager ? <GymCard user={user} now={now} /> : null}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
