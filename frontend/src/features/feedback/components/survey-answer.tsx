import type { Survey } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useFeedbackMutations } from '../api/feedback-api';

type Answer = number | string | string[];

/** One survey's questions for a member: rating 1–5, NPS 0–10, single and multiple choice, text. */
export function SurveyAnswerForm({ survey, onDone, onCancel }: { survey: Survey; onDone: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const { answerSurvey } = useFeedbackMutations();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (id: string, v: Answer) => setAnswers((a) => ({ ...a, [id]: v }));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await answerSurvey.mutateAsync({ id: survey._id, answers });
      onDone(t('feedback:surveys.thanks'));
    } catch (err) {
      setError(describe(err, { fallback: t('feedback:surveys.failed') }));
    }
  };
  return (
    <form className="form fb-survey-form" onSubmit={onSubmit} data-testid="fb-survey-form">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {survey.questions.map((q, i) => (
        <fieldset key={q.id} className="field fb-fieldset">
          <legend className="field__label">
            {i + 1}. {q.text}
            {q.required ? (
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            ) : (
              <span className="field__optional"> ({t('feedback:surveys.optional')})</span>
            )}
          </legend>
          {q.kind === 'rating' || q.kind === 'nps' ? (
            <div className="fb-scale" role="radiogroup" aria-label={q.text}>
              {(q.kind === 'rating' ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={answers[q.id] === n}
                  className={`fb-scale__btn${answers[q.id] === n ? ' fb-scale__btn--on' : ''}`}
                  onClick={() => set(q.id, n)}
                  data-testid={`fb-q-${q.id}-${n}`}
                >
                  {q.kind === 'rating' ? `${n}★` : n}
                </button>
              ))}
              {q.kind === 'nps' ? (
                <span className="fb-scale__ends text-muted">
                  0 = {t('feedback:surveys.npsLow')} · 10 = {t('feedback:surveys.npsHigh')}
                </span>
              ) : null}
            </div>
          ) : q.kind === 'text' ? (
            <textarea
              className="input fb-textarea"
              rows={3}
              value={(answers[q.id] as string | undefined) ?? ''}
              onChange={(e) => set(q.id, e.target.value)}
              aria-label={q.text}
            />
          ) : (
            <div className="fb-options">
              {q.options.map((o) => {
                const multi = q.kind === 'multiple';
                const current = answers[q.id];
                const checked = multi ? Array.isArray(current) && current.includes(o) : current === o;
                return (
                  <label key={o} className={`choice${checked ? ' choice--checked' : ''}`}>
                    <input
                      className="choice__input"
                      type={multi ? 'checkbox' : 'radio'}
                      name={`${survey._id}-${q.id}`}
                      checked={checked}
                      onChange={() => {
                        if (!multi) return set(q.id, o);
                        const list = Array.isArray(current) ? current : [];
                        set(q.id, checked ? list.filter((x) => x !== o) : [...list, o]);
                      }}
                    />
                    <span>{o}</span>
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>
      ))}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('feedback:surveys.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={answerSurvey.isPending} data-testid="fb-survey-send">
          {answerSurvey.isPending ? t('feedback:surveys.sending') : t('feedback:surveys.send')}
        </button>
      </div>
    </form>
  );
}
