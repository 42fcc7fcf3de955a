import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { ChartIcon } from '../../../components/icons/chart';
import { QrCodeIcon } from '../../../components/icons/qr-code';
import { TrendingUpIcon } from '../../../components/icons/trending-up';
import { UsersIcon } from '../../../components/icons/users';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { downloadExport, useOverview, useToday } from '../api/attendance-api';
import { PeakHoursChart } from '../components/peak-hours-chart';
import { personOf } from '../../../components/attendance-table';
import { initialsOf } from '../lib/ranges';
import { useLiveAttendance } from '../lib/use-live-attendance';
import '../attendance.css';

function Card({ label, value, hint, to, icon, testId }: { label: string; value: string; hint: string; to: string; icon: ReactNode; testId: string }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <li className="card att-card">
      <Link to={to} className="att-card__link" aria-label={`${label}: ${value}. ${t('attendance:dashboard.cards.open', { label })}`} data-testid={testId}>
        <span className="att-card__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="att-card__label">{label}</span>
        <span className="att-card__value" data-testid={`${testId}-value`}>
          {value}
        </span>
        <span className="att-card__hint">{hint}</span>
      </Link>
    </li>
  );
}

/** /dashboard/attendance: today's figures, peak hours, quick stats, who is in the gym now and quick actions. */
export function AttendanceDashboardPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('attendance:dashboard.pageTitle'));
  const overview = useOverview();
  const today = useToday();
  const { live } = useLiveAttendance();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport({});
    } catch (err) {
      // Spec part 2 §8: export failures are only logged.
      console.error('[attendance] export failed', err);
    } finally {
      setExporting(false);
    }
  };

  const header = <PageHeader title={t('attendance:dashboard.title')} subtitle={t('attendance:dashboard.subtitle')} />;
  if (overview.isPending) {
    return (
      <div className="page att">
        {header}
        <div className="card state">
          <Spinner label={t('attendance:dashboard.loading')} />
        </div>
      </div>
    );
  }
  if (overview.isError) {
    return (
      <div className="page att">
        {header}
        <section className="card">
          <div className="state state--error" role="alert" data-testid="error-state">
            <p className="state__title">{t('attendance:dashboard.errorTitle')}</p>
            <p className="state__hint">{t('attendance:dashboard.errorHint')}</p>
            <div className="state__action">
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void overview.refetch()}
                disabled={overview.isFetching}
                data-testid="retry-button"
              >
                {t('common:actions.retry')}
              </button>
            </div>
          </div>
        </section>
      </div>
    );
  }
  const o = overview.data;
  const one = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 1 });
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' });
  const present = today.data?.present ?? [];

  return (
    <div className="page att">
      {header}
      <ul className="att-cards" aria-label={t('attendance:dashboard.title')}>
        <Card
          label={t('attendance:dashboard.cards.today')}
          value={formatNumber(o.today.totalCheckIns)}
          hint={t('attendance:dashboard.cards.activeSessions', { count: o.today.activeSessions })}
          to="/dashboard/attendance/manage?filter=today"
          icon={<CalendarCheckIcon size={20} />}
          testId="card-today"
        />
        <Card
          label={t('attendance:dashboard.cards.present')}
          value={formatNumber(o.today.membersPresent)}
          hint={t('attendance:dashboard.cards.activeSessions', { count: o.today.activeSessions })}
          to="/dashboard/attendance/manage?filter=present"
          icon={<UsersIcon size={20} />}
          testId="card-present"
        />
        <Card
          label={t('attendance:dashboard.cards.weekly')}
          value={one(o.week.avgDaily)}
          hint={`${t('attendance:dashboard.cards.perDay')} · ${t('attendance:dashboard.cards.weekTotal', { total: formatNumber(o.week.totalCheckIns) })}`}
          to="/dashboard/attendance/manage?filter=weekly"
          icon={<TrendingUpIcon size={20} />}
          testId="card-weekly"
        />
        <Card
          label={t('attendance:dashboard.cards.monthly')}
          value={one(o.month.avgDaily)}
          hint={`${t('attendance:dashboard.cards.perDay')} · ${t('attendance:dashboard.cards.monthTotal', { total: formatNumber(o.month.totalCheckIns) })}`}
          to="/dashboard/attendance/manage?filter=monthly"
          icon={<ChartIcon size={20} />}
          testId="card-monthly"
        />
      </ul>

      <div className="att-grid">
        <section className="card att-panel" aria-labelledby="att-peak">
          <h2 id="att-peak" className="card__title">
            {t('attendance:dashboard.peak.title')}
          </h2>
          <PeakHoursChart peakHours={o.peakHours} />
        </section>

        <section className="card att-panel" aria-labelledby="att-live">
          <h2 id="att-live" className="card__title" data-testid="live-heading" data-live={live}>
            {t('attendance:dashboard.live.title', { count: today.data?.membersPresent ?? o.today.membersPresent })}
          </h2>
          {today.isError ? (
            <ErrorState error={today.error} onRetry={() => void today.refetch()} retrying={today.isFetching} />
          ) : today.isPending ? (
            <Spinner label={t('common:loading')} />
          ) : present.length === 0 ? (
            <p className="text-muted">{t('attendance:dashboard.live.empty')}</p>
          ) : (
            <ul className="att-live" aria-live="polite" data-testid="live-list">
              {present.map((a) => {
                const name = personOf(a)?.name ?? '';
                return (
                  <li key={a._id} className="att-live__item">
                    <span className="avatar avatar--sm" aria-hidden="true">
                      {initialsOf(name)}
                    </span>
                    <span className="att-live__name">{name}</span>
                    <span className="text-muted">{t('attendance:dashboard.live.since', { time: time(a.checkInTime) })}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section className="card att-panel" aria-labelledby="att-stats">
          <h2 id="att-stats" className="card__title">
            {t('attendance:dashboard.quickStats.title')}
          </h2>
          <dl className="facts">
            <div>
              <dt>{t('attendance:dashboard.quickStats.attendanceRate')}</dt>
              <dd data-testid="attendance-rate">{`${one(o.attendanceRate)}%`}</dd>
            </div>
            <div>
              <dt>{t('attendance:dashboard.quickStats.activeMembers')}</dt>
              <dd>{formatNumber(o.totalActiveMembers)}</dd>
            </div>
            <div>
              <dt>{t('attendance:dashboard.quickStats.activeSessions')}</dt>
              <dd>{formatNumber(o.today.activeSessions)}</dd>
            </div>
          </dl>
        </section>

        <section className="card att-panel" aria-labelledby="att-actions">
          <h2 id="att-actions" className="card__title">
            {t('attendance:dashboard.actions.title')}
          </h2>
          <div className="att-actions">
            <Link to="/dashboard/attendance/scan" className="btn btn--primary">
              <QrCodeIcon size={18} />
              {t('attendance:dashboard.actions.scanner')}
            </Link>
            <Link to="/dashboard/attendance/manage?reports=1" className="btn btn--secondary">
              <ChartIcon size={18} />
              {t('attendance:dashboard.actions.reports')}
            </Link>
            <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={exporting} data-testid="export-csv">
              {exporting ? t('attendance:dashboard.actions.exporting') : t('attendance:dashboard.actions.export')}
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
