import type { Survey } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useFeedbackMutations, useSurveyAnalytics, useSurveys } from '../api/feedback-api';
import { useFlash } from '../lib/use-flash';
import { SurveyAnswerForm } from './survey-answer';
import { SurveyBuilder } from './survey-builder';

function Results({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const q = useSurveyAnalytics(id);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Alert tone="error">{t('feedback:results.failed')}</Alert>;
  const a = q.data;
  return (
    <div className="fb-results" data-testid="fb-survey-results">
      <div className="fb-card__head">
        <h3 className="card__title">{t('feedback:results.heading', { title: a.survey.title })}</h3>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
          {t('feedback:results.close')}
        </button>
      </div>
      <ul className="fb-stats">
        <li className="card fb-stat">
          <span className="fb-stat__label">{t('feedback:results.responses')}</span>
          <span className="fb-stat__value">{a.totalResponses}</span>
        </li>
        <li className="card fb-stat">
          <span className="fb-stat__label">{t('feedback:results.audience')}</span>
          <span className="fb-stat__value">{a.audienceSize}</span>
        </li>
        <li className="card fb-stat">
          <span className="fb-stat__label">{t('feedback:results.rate')}</span>
          <span className="fb-stat__value">{a.audienceSize ? `${Math.round((a.totalResponses / a.audienceSize) * 100)}%` : '—'}</span>
        </li>
      </ul>
      {a.questions.map((r, i) => {
        const max = Math.max(1, ...r.distribution.map((d) => d.count));
        return (
          <section key={r.questionId} className="fb-result">
            <h4 className="fb-subheading">
              {i + 1}. {r.text} <span className="text-muted">· {t('feedback:results.answered', { count: r.answered })}</span>
            </h4>
            {r.nps ? (
              <p className="fb-nps" data-testid="fb-nps">
                <strong>
                  {t('feedback:results.nps')}: {r.nps.score > 0 ? '+' : ''}
                  {r.nps.score}
                </strong>{' '}
                · {t('feedback:results.promoters')} {r.nps.promoters} · {t('feedback:results.passives')} {r.nps.passives} · {t('feedback:results.detractors')}{' '}
                {r.nps.detractors}
              </p>
            ) : null}
            {r.average !== null && !r.nps ? (
              <p>
                {t('feedback:results.average')}: <strong>{r.average.toFixed(2)}</strong>
              </p>
            ) : null}
            {r.distribution.length ? (
              <ul className="fb-bars">
                {r.distribution.map((d) => (
                  <li key={d.label} className="fb-bar">
                    <span className="fb-bar__label">{r.kind === 'rating' ? `${d.label}★` : d.label}</span>
                    <span className="fb-bar__track" aria-hidden="true">
                      <span className="fb-bar__fill fb-bar__fill--primary" style={{ width: `${Math.round((d.count / max) * 100)}%` }} />
                    </span>
                    <span className="fb-bar__value">{d.count}</span>
                  </li>
                ))}
              </ul>
            ) : r.samples.length ? (
              <ul className="fb-samples">
                {r.samples.map((s, j) => (
                  <li key={j}>“{s}”</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted">{t('feedback:results.noText')}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

function StaffSurveys() {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const list = useSurveys('staff');
  const { deleteSurvey } = useFeedbackMutations();
  const flash = useFlash();
  const [editing, setEditing] = useState<Survey | 'new' | null>(null);
  const [results, setResults] = useState<string | null>(null);
  if (editing)
    return (
      <section className="card fb-card">
        <SurveyBuilder
          survey={editing === 'new' ? undefined : editing}
          onDone={(text) => {
            setEditing(null);
            flash.success(text);
          }}
          onCancel={() => setEditing(null)}
        />
      </section>
    );
  if (results)
    return (
      <section className="card fb-card">
        <Results id={results} onClose={() => setResults(null)} />
      </section>
    );
  return (
    <section className="card fb-card" aria-labelledby="fb-sv-h">
      <div className="fb-card__head">
        <h2 id="fb-sv-h" className="card__title">
          {t('feedback:surveys.staffHeading')}
        </h2>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')} data-testid="fb-new-survey">
          {t('feedback:surveys.new')}
        </button>
      </div>
      {flash.flash ? <Alert tone={flash.flash.tone}>{flash.flash.text}</Alert> : null}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert tone="error">{describe(list.error)}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('feedback:surveys.staffEmpty')} />
      ) : (
        <ul className="fb-list">
          {list.data.data.map((s) => (
            <li key={s._id} className="fb-item" data-testid="fb-survey-row">
              <div className="fb-item__head">
                <span className="fb-item__title">{s.title}</span>
                <span className={`badge ${s.isOpen ? 'badge--success' : s.isActive ? 'badge--info' : 'badge--neutral'}`}>
                  {s.isOpen ? t('feedback:surveys.open') : s.isActive ? t('feedback:surveys.active') : t('feedback:surveys.inactive')}
                </span>
              </div>
              <div className="fb-item__meta">
                <span className="text-muted">
                  {formatDate(s.startsOn, i18n.language)} – {formatDate(s.endsOn, i18n.language)}
                </span>
                <span>{t('feedback:surveys.questions', { count: s.questions.length })}</span>
                <span>{t('feedback:surveys.responses', { count: s.totalResponses })}</span>
                {s.isAnonymous ? <span className="badge badge--neutral">{t('feedback:surveys.anonymousBadge')}</span> : null}
              </div>
              <div className="fb-item__actions">
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setResults(s._id)} data-testid="fb-survey-results-btn">
                  {t('feedback:surveys.results')}
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(s)}>
                  {t('feedback:surveys.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm fb-danger"
                  onClick={() => void deleteSurvey.mutateAsync(s._id).catch((err: unknown) => flash.error(describe(err)))}
                >
                  {t('feedback:surveys.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberSurveys({ canAnswer }: { canAnswer: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const list = useSurveys('member');
  const flash = useFlash();
  const [answering, setAnswering] = useState<string | null>(null);
  return (
    <section className="card fb-card" aria-labelledby="fb-sv-h">
      <h2 id="fb-sv-h" className="card__title">
        {t('feedback:surveys.heading')}
      </h2>
      {flash.flash ? (
        <Alert tone={flash.flash.tone} testId={`fb-survey-${flash.flash.tone}`}>
          {flash.flash.text}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert tone="error">{describe(list.error)}</Alert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('feedback:surveys.empty')} />
      ) : (
        <ul className="fb-list">
          {list.data.data.map((s) => (
            <li key={s._id} className="fb-item" data-testid="fb-open-survey">
              <div className="fb-item__head">
                <span className="fb-item__title">{s.title}</span>
                {s.hasResponded ? <span className="badge badge--success">{t('feedback:surveys.answered')}</span> : null}
              </div>
              {s.description ? <p className="fb-item__text">{s.description}</p> : null}
              <div className="fb-item__meta text-muted">
                <span>{t('feedback:surveys.questions', { count: s.questions.length })}</span>
                <span>{t('feedback:surveys.closes', { date: formatDate(s.endsOn, i18n.language) })}</span>
              </div>
              {answering === s._id ? (
                <SurveyAnswerForm
                  survey={s}
                  onDone={(text) => {
                    setAnswering(null);
                    flash.success(text);
                  }}
                  onCancel={() => setAnswering(null)}
                />
              ) : canAnswer && !s.hasResponded && s.isOpen ? (
                <div className="fb-item__actions">
                  <button type="button" className="btn btn--primary btn--sm" onClick={() => setAnswering(s._id)} data-testid="fb-answer">
                    {t('feedback:surveys.answer')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Surveys: members answer the open ones of their audience; staff build them and read the results. */
export function SurveysSection({ staff, canAnswer }: { staff: boolean; canAnswer: boolean }) {
  return staff ? <StaffSurveys /> : <MemberSurveys canAnswer={canAnswer} />;
}
