import type { DashboardOverview } from '@akhada/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { BellIcon } from '../../../components/icons/bell';
import { BoxIcon } from '../../../components/icons/box';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { ChatIcon } from '../../../components/icons/chat';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PlusIcon } from '../../../components/icons/plus';
import { QrCodeIcon } from '../../../components/icons/qr-code';
import { ReceiptIcon } from '../../../components/icons/receipt';
import { UserIcon } from '../../../components/icons/user';
import { WalletIcon } from '../../../components/icons/wallet';
import { LoadingState } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { canSwitchLocation, useCurrentLocation } from '../../../lib/current-location';
import { formatMoney, formatNumber } from '../../../lib/format';
import { unreadCountQueryOptions } from '../../../lib/shared-queries/unread-count';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { overviewQueryOptions } from '../api/dashboard-api';
import { GymCard } from '../components/gym-card';
import { LocationBreakdown } from '../components/location-breakdown';
import { RecentActivity } from '../components/recent-activity';
import { StatCard } from '../components/stat-card';
import { TodaysClasses } from '../components/todays-classes';
import '../dashboard.css';
import { useLiveDashboard } from '../lib/use-live-dashboard';
import { isStaff } from './dashboard-data';

const rupees = (paise: number) => formatMoney(paise / 100);

function QuickAction({ to, icon, label, badge, testId }: { to: string; icon: ReactNode; label: string; badge?: number | null; testId?: string }) {
  return (
    <li>
      <Link to={to} className="quick-action" data-testid={testId}>
        {icon}
        {label}
        {badge ? <span className="count-badge count-badge--alert">{formatNumber(badge)}</span> : null}
      </Link>
    </li>
  );
}

export function DashboardPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('dashboard:pageTitle'));
  const user = useUser();
  const now = useNow(60_000);
  const { locationId } = useCurrentLocation(user);
  const staff = isStaff(user);
  // The whole screen is one request; the unread count is the bell's own query (already in the cache, kept live).
  const overview = useQuery({ ...overviewQueryOptions(locationId), enabled: staff });
  const unread = useQuery(unreadCountQueryOptions());
  const { live } = useLiveDashboard(locationId, staff);
  const unreadCount = unread.data?.unreadCount ?? null;

  return (
    <div className="page dashboard">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title" data-testid="dashboard-greeting">
            {t('dashboard:greeting', { firstName: user.firstName })}
          </h1>
          <p className="page-header__subtitle">{t('dashboard:subtitle')}</p>
        </div>
        <ul className="dashboard__counters" aria-label={t('dashboard:counters.label')}>
          <li className="dashboard__counter">
            <BellIcon size={16} />
            <span>{t('dashboard:counters.notifications')}</span>
            <strong data-testid="counter-notifications">{unreadCount === null ? '—' : formatNumber(unreadCount)}</strong>
          </li>
          {staff ? (
            <li className="dashboard__counter">
              <CalendarCheckIcon size={16} />
              <span>{t('dashboard:counters.checkIns')}</span>
              <strong data-testid="counter-checkins">{overview.data ? formatNumber(overview.data.counters.todaysCheckIns) : '—'}</strong>
            </li>
          ) : null}
          {staff && live ? (
            <li className="dashboard__live" data-testid="dashboard-live">
              <span className="dashboard__live-dot" aria-hidden="true" />
              {t('dashboard:live')}
            </li>
          ) : null}
        </ul>
      </header>

      {!staff ? (
        <TrainerDashboard unread={unreadCount} />
      ) : overview.isPending ? (
        <LoadingState title={t('dashboard:loading')} hint={t('dashboard:loadingHint')} />
      ) : overview.isError ? (
        <ErrorState
          error={overview.error}
          title={t('dashboard:error')}
          onRetry={() => void overview.refetch()}
          retryLabel={t('dashboard:tryAgain')}
          retrying={overview.isFetching}
        />
      ) : (
        <StaffDashboard data={overview.data} unread={unreadCount} owner={user.role === 'owner'} locationId={locationId} />
      )}
      {staff && canSwitchLocation(user) && !overview.isPending ? (
        <div className="dashboard__gym">
          <GymCard user={user} now={now} />
        </div>
      ) : null}
    </div>
  );
}

function StaffDashboard({ data, unread, owner, locationId }: { data: DashboardOverview; unread: number | null; owner: boolean; locationId: string | null }) {
  const { t } = useTranslation(ALL_NS);
  const c = data.cards;
  const noSource = t('dashboard:unavailable.notYet');
  return (
    <>
      <ul className="stat-grid dashboard__cards" aria-label={t('dashboard:cards.label')}>
        <StatCard
          testId="stat-checkins"
          label={t('dashboard:cards.todaysCheckIns')}
          to="/dashboard/attendance"
          icon={<CalendarCheckIcon size={20} />}
          figure={c.todaysCheckIns}
          format={formatNumber}
          changeLabel={t('dashboard:change.vsYesterday')}
          unavailable={noSource}
        />
        <StatCard
          testId="stat-active-members"
          label={t('dashboard:cards.activeMembers')}
          to="/dashboard/members?status=active"
          icon={<CheckCircleIcon size={20} />}
          figure={c.activeMembers}
          format={formatNumber}
          changeLabel={t('dashboard:change.vsLastMonth')}
          unavailable={noSource}
          tone="success"
        />
        <StatCard
          testId="stat-revenue"
          label={t('dashboard:cards.monthlyRevenue')}
          to="/dashboard/payments"
          icon={<WalletIcon size={20} />}
          figure={c.monthlyRevenue}
          format={rupees}
          changeLabel={t('dashboard:change.vsLastMonthToDate')}
          unavailable={t('dashboard:unavailable.payments')}
        />
        <StatCard
          testId="stat-pending"
          label={t('dashboard:cards.pendingPayments')}
          to="/dashboard/payments/pending"
          icon={<ReceiptIcon size={20} />}
          figure={c.pendingPayments}
          format={formatNumber}
          changeLabel={t('dashboard:change.vsLastMonth')}
          hint={c.pendingPayments.amountPaise ? t('dashboard:cards.pendingAmount', { amount: rupees(c.pendingPayments.amountPaise) }) : undefined}
          unavailable={t('dashboard:unavailable.payments')}
          tone={(c.pendingPayments.value ?? 0) > 0 ? 'warning' : 'primary'}
        />
        <StatCard
          testId="stat-trainers"
          label={t('dashboard:cards.totalTrainers')}
          to="/dashboard/trainers"
          icon={<DumbbellIcon size={20} />}
          figure={c.totalTrainers}
          format={formatNumber}
          changeLabel={t('dashboard:change.vsLastMonth')}
          unavailable={noSource}
        />
        <StatCard
          testId="stat-low-stock"
          label={t('dashboard:cards.lowStock')}
          to="/dashboard/inventory"
          icon={<BoxIcon size={20} />}
          figure={c.lowStockItems}
          format={formatNumber}
          changeLabel={t('dashboard:change.vsLastMonth')}
          unavailable={t('dashboard:unavailable.inventory')}
          tone={(c.lowStockItems.value ?? 0) > 0 ? 'warning' : 'primary'}
        />
      </ul>
      {data.equipmentStatus !== null ? (
        <p className="dashboard__equipment" data-testid="equipment-status">
          {t('dashboard:equipment', { value: data.equipmentStatus })}
        </p>
      ) : null}

      {owner && locationId === null && (data.locations?.length ?? 0) > 1 ? <LocationBreakdown overview={data} /> : null}

      <div className="dashboard__columns">
        <div className="dashboard__main">
          <TodaysClasses locationId={locationId} />
          <section className="card" aria-labelledby="activity-title">
            <div className="card__head">
              <h2 id="activity-title" className="card__title">
                {t('dashboard:activity.title')}
              </h2>
            </div>
            <RecentActivity items={data.recentActivity} />
          </section>
        </div>

        <div className="dashboard__side">
          <section className="card" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="card__title">
              {t('dashboard:quickActions.title')}
            </h2>
            <ul className="quick-actions">
              <QuickAction
                to="/dashboard/members?add=1"
                icon={<PlusIcon size={18} />}
                label={t('dashboard:quickActions.addMember')}
                testId="quick-add-member"
              />
              <QuickAction to="/dashboard/attendance/scan" icon={<QrCodeIcon size={18} />} label={t('dashboard:quickActions.qrScanner')} />
              <QuickAction
                to="/dashboard/payments/create"
                icon={<WalletIcon size={18} />}
                label={t('dashboard:quickActions.processPayment')}
                badge={data.quickActions.processPayment}
              />
              <QuickAction
                to="/dashboard/inventory"
                icon={<BoxIcon size={18} />}
                label={t('dashboard:quickActions.manageInventory')}
                badge={data.quickActions.manageInventory}
              />
              <QuickAction to="/dashboard/notifications" icon={<BellIcon size={18} />} label={t('dashboard:quickActions.viewNotifications')} badge={unread} />
              <QuickAction
                to="/dashboard/chat"
                icon={<ChatIcon size={18} />}
                label={t('dashboard:quickActions.chatSupport')}
                badge={data.quickActions.chatSupport}
              />
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

/** A trainer's dashboard: no gym figures (those are the front desk's), their notifications and own pages. */
function TrainerDashboard({ unread }: { unread: number | null }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <section className="card" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="card__title">
        {t('dashboard:quickActions.title')}
      </h2>
      <ul className="quick-actions">
        <QuickAction to="/dashboard/my-clients" icon={<DumbbellIcon size={18} />} label={t('dashboard:quickActions.myClients')} />
        <QuickAction to="/dashboard/notifications" icon={<BellIcon size={18} />} label={t('dashboard:quickActions.viewNotifications')} badge={unread} />
        <QuickAction to="/dashboard/profile" icon={<UserIcon size={18} />} label={t('dashboard:quickActions.profile')} />
      </ul>
    </section>
  );
}
