import type { FeedbackAnalytics } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';
import { useAnalytics } from '../api/feedback-api';
import { Stars } from './ticket-bits';
import { TrendChart } from './trend-chart';

const PERIODS = ['7d', '30d', '90d', '365d'] as const;
const TYPES = ['general', 'trainer', 'facility', 'service', 'membership', 'complaint'] as const;

function Bar({ label, value, max, tone = 'primary' }: { label: string; value: number; max: number; tone?: 'primary' | 'danger' }) {
  return (
    <li className="fb-bar">
      <span className="fb-bar__label">{label}</span>
      <span className="fb-bar__track" aria-hidden="true">
        <span className={`fb-bar__fill fb-bar__fill--${tone}`} style={{ width: `${max ? Math.round((value / max) * 100) : 0}%` }} />
      </span>
      <span className="fb-bar__value">{formatNumber(value)}</span>
    </li>
  );
}

function Delta({ now, before }: { now: number; before: number | null }) {
  const { t } = useTranslation(ALL_NS);
  if (before === null) return null;
  const d = Math.round((now - before) * 100) / 100;
  return (
    <span className={`fb-delta ${d > 0 ? 'fb-delta--up' : d < 0 ? 'fb-delta--down' : ''}`}>
      {d > 0 ? '▲' : d < 0 ? '▼' : '•'} {Math.abs(d).toFixed(2)} · {t('feedback:analytics.vsPrevious', { value: before.toFixed(2) })}
    </span>
  );
}

function Body({ a }: { a: FeedbackAnalytics }) {
  const { t } = useTranslation(ALL_NS);
  const openComplaints = a.openComplaintsByAge.reduce((n, b) => n + b.low + b.medium + b.high + b.urgent, 0);
  const maxType = Math.max(1, ...a.byType.map((b) => b.count));
  const maxCat = Math.max(1, ...a.byCategory.map((b) => b.count));
  const maxDist = Math.max(1, ...a.ratingDistribution);
  const maxWord = Math.max(1, ...a.wordFrequencies.map((w) => w.count));
  return (
    <>
      <ul className="fb-stats">
        <li className="card fb-stat" data-testid="fb-stat-average">
          <span className="fb-stat__label">{t('feedback:analytics.average')}</span>
          <span className="fb-stat__value">{a.total ? a.averageRating.toFixed(2) : t('feedback:analytics.none')}</span>
          {a.total ? <Delta now={a.averageRating} before={a.previousAverageRating} /> : null}
        </li>
        <li className="card fb-stat" data-testid="fb-stat-total">
          <span className="fb-stat__label">{t('feedback:analytics.total')}</span>
          <span className="fb-stat__value">{formatNumber(a.total)}</span>
        </li>
        <li className="card fb-stat">
          <span className="fb-stat__label">{t('feedback:analytics.responseTime')}</span>
          <span className="fb-stat__value">
            {a.responseTime.medianHours === null ? t('feedback:analytics.none') : t('feedback:analytics.hours', { value: a.responseTime.medianHours })}
          </span>
          <span className="text-muted">{t('feedback:analytics.unanswered', { count: a.responseTime.unanswered })}</span>
        </li>
        <li className="card fb-stat">
          <span className="fb-stat__label">{t('feedback:analytics.openComplaints')}</span>
          <span className="fb-stat__value">{formatNumber(openComplaints)}</span>
        </li>
      </ul>
      <section className="card fb-card" aria-labelledby="fb-trend-h">
        <h3 id="fb-trend-h" className="card__title">
          {t('feedback:analytics.trend')}
        </h3>
        <TrendChart points={a.trend} />
      </section>
      <div className="fb-grid">
        <section className="card fb-card" aria-labelledby="fb-type-h">
          <h3 id="fb-type-h" className="card__title">
            {t('feedback:analytics.byType')}
          </h3>
          <ul className="fb-bars">
            {a.byType.map((b) => (
              <Bar key={b.type} label={t(`feedback:types.${b.type}`)} value={b.count} max={maxType} />
            ))}
          </ul>
        </section>
        <section className="card fb-card" aria-labelledby="fb-dist-h">
          <h3 id="fb-dist-h" className="card__title">
            {t('feedback:analytics.distribution')}
          </h3>
          <ul className="fb-bars">
            {[5, 4, 3, 2, 1].map((n) => (
              <Bar key={n} label={'★'.repeat(n)} value={a.ratingDistribution[n - 1] ?? 0} max={maxDist} />
            ))}
          </ul>
        </section>
        <section className="card fb-card" aria-labelledby="fb-cat-h">
          <h3 id="fb-cat-h" className="card__title">
            {t('feedback:analytics.byCategory')}
          </h3>
          {a.byCategory.length ? (
            <ul className="fb-bars">
              {a.byCategory.map((b) => (
                <Bar key={b.category} label={t(`feedback:categories.${b.category}`)} value={b.count} max={maxCat} tone="danger" />
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t('feedback:analytics.none')}</p>
          )}
        </section>
        <section className="card fb-card" aria-labelledby="fb-age-h">
          <h3 id="fb-age-h" className="card__title">
            {t('feedback:analytics.ages')}
          </h3>
          <div className="table-wrap">
            <table className="table fb-table">
              <thead>
                <tr>
                  <th scope="col">{t('feedback:manage.age')}</th>
                  {(['urgent', 'high', 'medium', 'low'] as const).map((p) => (
                    <th key={p} scope="col">
                      {t(`feedback:priorities.${p}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {a.openComplaintsByAge.map((b) => (
                  <tr key={b.bucket}>
                    <th scope="row">{t(`feedback:analytics.buckets.${b.bucket}`)}</th>
                    <td className={b.urgent ? 'fb-hot' : ''}>{b.urgent}</td>
                    <td className={b.high ? 'fb-warm' : ''}>{b.high}</td>
                    <td>{b.medium}</td>
                    <td>{b.low}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
      <section className="card fb-card" aria-labelledby="fb-score-h">
        <h3 id="fb-score-h" className="card__title">
          {t('feedback:analytics.scorecards')}
        </h3>
        {a.trainerScorecards.length ? (
          <div className="table-wrap">
            <table className="table fb-table" data-testid="fb-scorecards">
              <thead>
                <tr>
                  <th scope="col">{t('feedback:analytics.trainerCol')}</th>
                  <th scope="col">{t('feedback:analytics.average')}</th>
                  <th scope="col">{t('feedback:analytics.ratings')}</th>
                  <th scope="col">{t('feedback:analytics.distribution')}</th>
                  <th scope="col">{t('feedback:analytics.complaints')}</th>
                </tr>
              </thead>
              <tbody>
                {a.trainerScorecards.map((s) => (
                  <tr key={s.trainer._id}>
                    <th scope="row" className="table__primary">
                      {`${s.trainer.firstName} ${s.trainer.lastName}`.trim()}
                    </th>
                    <td>
                      <span className="fb-score">{s.count ? s.average.toFixed(2) : t('feedback:analytics.none')}</span>{' '}
                      {s.count ? <Stars value={Math.round(s.average)} /> : null}
                      <br />
                      {s.count ? <Delta now={s.average} before={s.previousAverage} /> : null}
                    </td>
                    <td>{s.count}</td>
                    <td>
                      <span className="fb-mini" aria-label={s.distribution.map((n, i) => `${i + 1}★ ${n}`).join(', ')}>
                        {s.distribution.map((n, i) => (
                          <span
                            key={i}
                            className="fb-mini__bar"
                            style={{ height: `${Math.max(4, (n / Math.max(1, ...s.distribution)) * 28)}px` }}
                            title={`${i + 1}★: ${n}`}
                          />
                        ))}
                      </span>
                    </td>
                    <td className={s.openComplaints ? 'fb-hot' : ''}>{s.openComplaints}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-muted">{t('feedback:analytics.noTrainers')}</p>
        )}
      </section>
      <section className="card fb-card" aria-labelledby="fb-words-h">
        <h3 id="fb-words-h" className="card__title">
          {t('feedback:analytics.words')}
        </h3>
        {a.wordFrequencies.length ? (
          <ul className="fb-words" data-testid="fb-words">
            {a.wordFrequencies.map((w) => (
              <li key={w.word} className="fb-word" style={{ fontSize: `${0.85 + (w.count / maxWord) * 0.9}rem` }} title={String(w.count)}>
                {w.word}
                <span className="visually-hidden"> ({w.count})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{t('feedback:analytics.noWords')}</p>
        )}
      </section>
    </>
  );
}

/** Analytics: rating and its trend, volumes, response time, complaint ages, trainer scorecards and frequent words. */
export function AnalyticsSection() {
  const { t } = useTranslation(ALL_NS);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30d');
  const [type, setType] = useState<(typeof TYPES)[number] | ''>('');
  const q = useAnalytics({ period, ...(type ? { type } : {}) });
  return (
    <div className="fb-analytics">
      <section className="card fb-card">
        <div className="fb-card__head">
          <div>
            <h2 className="card__title">{t('feedback:analytics.heading')}</h2>
            <p className="text-muted fb-hint">{t('feedback:analytics.subtitle')}</p>
          </div>
          <div className="fb-filters">
            <label className="fb-inline-field">
              <span>{t('feedback:analytics.period')}</span>
              <select className="input select" value={period} onChange={(e) => setPeriod(e.target.value as typeof period)} data-testid="fb-period">
                {PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`feedback:analytics.periods.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="fb-inline-field">
              <span>{t('feedback:analytics.type')}</span>
              <select className="input select" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
                <option value="">{t('feedback:analytics.allTypes')}</option>
                {TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`feedback:types.${x}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
      </section>
      {q.isPending ? (
        <div className="card state">
          <Spinner />
        </div>
      ) : q.isError ? (
        <Alert tone="error">{t('feedback:analytics.failed')}</Alert>
      ) : q.data.total === 0 && q.data.trainerScorecards.length === 0 ? (
        <section className="card">
          <EmptyState title={t('feedback:analytics.empty')} />
        </section>
      ) : (
        <Body a={q.data} />
      )}
    </div>
  );
}
