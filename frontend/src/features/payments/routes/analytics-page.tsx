import { AnalyticsPeriod } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/spinner';
import { formatDate, formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useAnalytics, type AnalyticsParams } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { BreakdownBars, TrendChart } from '../components/trend-chart';

type Period = AnalyticsParams['period'];

/** /dashboard/payments/analytics: revenue, methods, membership types and the last 15 days of the 30-day trend. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const [period, setPeriod] = useState<Period>('month');
  const [custom, setCustom] = useState({ startDate: '', endDate: '' });
  const [applied, setApplied] = useState<AnalyticsParams>({ period: 'month' });
  const [customError, setCustomError] = useState(false);
  const query = useAnalytics(applied);

  const choose = (p: Period) => {
    setPeriod(p);
    if (p !== 'custom') {
      // Spec: a non-custom period clears the custom dates.
      setCustom({ startDate: '', endDate: '' });
      setCustomError(false);
      setApplied({ period: p });
    }
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!custom.startDate || !custom.endDate || custom.endDate < custom.startDate) {
      setCustomError(true);
      return;
    }
    setCustomError(false);
    setApplied({ period: 'custom', ...custom });
  };

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:analytics.loading')} />;
  else if (query.isError)
    body = (
      <section className="card">
        <ErrorState error={query.error} title={t('payments:analytics.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  else {
    const a = query.data;
    body = (
      <div aria-busy={query.isFetching}>
        <p className="text-muted" data-testid="analytics-range">
          {t('payments:analytics.range', { start: formatDate(a.period.start, i18n.language), end: formatDate(a.period.end, i18n.language) })}
        </p>
        <ul className="pay-cards">
          <li className="card pay-card pay-card--static">
            <span className="pay-card__label">{t('payments:analytics.total')}</span>
            <span className="pay-card__value" data-testid="analytics-total">
              {formatRupees2(a.revenue.total)}
            </span>
          </li>
          <li className="card pay-card pay-card--static">
            <span className="pay-card__label">{t('payments:analytics.net')}</span>
            <span className="pay-card__value">{formatRupees2(a.revenue.net)}</span>
          </li>
          <li className="card pay-card pay-card--static">
            <span className="pay-card__label">{t('payments:analytics.refunds')}</span>
            <span className="pay-card__value">{formatRupees2(a.revenue.refunds)}</span>
          </li>
          <li className="card pay-card pay-card--static">
            <span className="pay-card__label">{t('payments:analytics.transactions')}</span>
            <span className="pay-card__value">{formatNumber(a.revenue.transactions)}</span>
          </li>
        </ul>
        <div className="pay-grid">
          <section className="card pay-panel pay-panel--wide" aria-labelledby="pay-trend">
            <h2 id="pay-trend" className="card__title">
              {t('payments:analytics.trendTitle')}
            </h2>
            <TrendChart days={a.dailyTrend.slice(-15)} />
          </section>
          <section className="card pay-panel" aria-labelledby="pay-methods">
            <h2 id="pay-methods" className="card__title">
              {t('payments:analytics.methods')}
            </h2>
            <BreakdownBars
              testId="analytics-methods"
              rows={a.paymentMethods.map((m) => ({ key: m._id, label: t(`payments:methods.${m._id}`), amount: m.totalAmount, count: m.count }))}
            />
          </section>
          <section className="card pay-panel" aria-labelledby="pay-types">
            <h2 id="pay-types" className="card__title">
              {t('payments:analytics.membershipTypes')}
            </h2>
            <BreakdownBars
              testId="analytics-types"
              rows={a.membershipTypes.map((m) => ({ key: m._id, label: t(`payments:membershipTypes.${m._id}`), amount: m.totalRevenue, count: m.count }))}
            />
          </section>
        </div>
      </div>
    );
  }

  return (
    <PaymentsPage title={t('payments:analytics.title')} subtitle={t('payments:analytics.subtitle')} testId="analytics-page">
      <section className="card pay-toolbar">
        <div className="tabs tabs--pills" role="group" aria-label={t('payments:analytics.period')}>
          {AnalyticsPeriod.options.map((p) => (
            <button
              key={p}
              type="button"
              className={`tabs__tab${period === p ? ' tabs__tab--active' : ''}`}
              aria-pressed={period === p}
              onClick={() => choose(p)}
              data-testid={`period-${p}`}
            >
              {t(`payments:analytics.periods.${p}`)}
            </button>
          ))}
        </div>
        {period === 'custom' ? (
          <form className="pay-filters" onSubmit={apply} noValidate>
            <label className="field">
              <span className="field__label">{t('payments:filters.from')}</span>
              <input
                type="date"
                className="input"
                value={custom.startDate}
                onChange={(e) => setCustom({ ...custom, startDate: e.target.value })}
                data-testid="custom-start"
              />
            </label>
            <label className="field">
              <span className="field__label">{t('payments:filters.to')}</span>
              <input
                type="date"
                className="input"
                value={custom.endDate}
                onChange={(e) => setCustom({ ...custom, endDate: e.target.value })}
                data-testid="custom-end"
              />
            </label>
            <button type="submit" className="btn btn--primary" data-testid="custom-apply">
              {t('payments:analytics.apply')}
            </button>
            {customError ? (
              <p className="field__error" role="alert">
                {t('payments:analytics.customError')}
              </p>
            ) : null}
          </form>
        ) : null}
      </section>
      {body}
    </PaymentsPage>
  );
}
