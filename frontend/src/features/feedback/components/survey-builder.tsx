import type { Survey, SurveyBody } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useFeedbackMutations } from '../api/feedback-api';
import { LocationSelect } from '../../../components/location-select';

const KINDS = ['rating', 'single', 'multiple', 'text', 'nps'] as const;
const TYPES = ['satisfaction', 'facility', 'trainer', 'program', 'nps', 'general'] as const;
const GROUPS = ['basic', 'premium', 'vip', 'annual'] as const;

interface QuestionDraft {
  id?: string;
  kind: (typeof KINDS)[number];
  text: string;
  required: boolean;
  options: string;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The survey builder: title, type, audience, period, questions of five kinds, publish. */
export function SurveyBuilder({ survey, onDone, onCancel }: { survey?: Survey; onDone: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { describe } = useErrorText();
  const { createSurvey, updateSurvey } = useFeedbackMutations();
  const [title, setTitle] = useState(survey?.title ?? '');
  const [description, setDescription] = useState(survey?.description ?? '');
  const [type, setType] = useState<(typeof TYPES)[number]>(survey?.type ?? 'satisfaction');
  const [audienceKind, setAudienceKind] = useState<'all' | 'location' | 'group'>(survey?.audience.kind ?? 'all');
  const [locationId, setLocationId] = useState(survey?.audience.kind === 'location' ? survey.audience.locationId : (user.locations[0]?._id ?? ''));
  const [group, setGroup] = useState<(typeof GROUPS)[number]>(survey?.audience.kind === 'group' ? survey.audience.membershipType : 'premium');
  const [startsOn, setStartsOn] = useState(survey?.startsOn ?? isoDay(0));
  const [endsOn, setEndsOn] = useState(survey?.endsOn ?? isoDay(14));
  const [isAnonymous, setAnonymous] = useState(survey?.isAnonymous ?? false);
  const [isActive, setActive] = useState(survey?.isActive ?? true);
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    survey?.questions.map((q) => ({ id: q.id, kind: q.kind, text: q.text, required: q.required, options: q.options.join('\n') })) ?? [
      { kind: 'rating', text: '', required: true, options: '' },
    ],
  );
  const [error, setError] = useState<string | null>(null);
  const pending = createSurvey.isPending || updateSurvey.isPending;
  const patch = (i: number, p: Partial<QuestionDraft>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...p } : q)));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: SurveyBody = {
      title,
      description,
      type,
      audience:
        audienceKind === 'all' ? { kind: 'all' } : audienceKind === 'location' ? { kind: 'location', locationId } : { kind: 'group', membershipType: group },
      startsOn,
      endsOn,
      isAnonymous,
      isActive,
      questions: questions.map((q) => ({
        ...(q.id ? { id: q.id } : {}),
        kind: q.kind,
        text: q.text,
        required: q.required,
        options:
          q.kind === 'single' || q.kind === 'multiple'
            ? q.options
                .split('\n')
                .map((o) => o.trim())
                .filter(Boolean)
            : [],
      })),
    };
    try {
      if (survey) await updateSurvey.mutateAsync({ id: survey._id, body });
      else await createSurvey.mutateAsync(body);
      onDone(t('feedback:builder.saved'));
    } catch (err) {
      setError(describe(err, { fallback: t('feedback:builder.failed') }));
    }
  };

  return (
    <form className="form fb-builder" onSubmit={onSubmit} data-testid="fb-builder">
      <h3 className="card__title">{survey ? t('feedback:builder.editHeading') : t('feedback:builder.heading')}</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form__grid">
        <div className="field">
          <label className="field__label" htmlFor="sv-title">
            {t('feedback:builder.title')}
          </label>
          <input id="sv-title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="sv-title" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="sv-type">
            {t('feedback:builder.type')}
          </label>
          <select id="sv-type" className="input select" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            {TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`feedback:builder.types.${x}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="sv-desc">
          {t('feedback:builder.description')}
        </label>
        <textarea id="sv-desc" className="input fb-textarea" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="form__grid">
        <div className="field">
          <label className="field__label" htmlFor="sv-aud">
            {t('feedback:builder.audience')}
          </label>
          <select id="sv-aud" className="input select" value={audienceKind} onChange={(e) => setAudienceKind(e.target.value as typeof audienceKind)}>
            <option value="all">{t('feedback:builder.audienceAll')}</option>
            <option value="location">{t('feedback:builder.audienceLocation')}</option>
            <option value="group">{t('feedback:builder.audienceGroup')}</option>
          </select>
        </div>
        {audienceKind === 'location' ? (
          <div className="field">
            <label className="field__label" htmlFor="sv-loc">
              {t('feedback:builder.location')}
            </label>
            <LocationSelect id="sv-loc" locations={user.locations} value={locationId} onChange={setLocationId} />
          </div>
        ) : audienceKind === 'group' ? (
          <div className="field">
            <label className="field__label" htmlFor="sv-group">
              {t('feedback:builder.group')}
            </label>
            <select id="sv-group" className="input select" value={group} onChange={(e) => setGroup(e.target.value as typeof group)}>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`feedback:builder.groups.${g}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="sv-start">
            {t('feedback:builder.startsOn')}
          </label>
          <input id="sv-start" type="date" className="input" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="sv-end">
            {t('feedback:builder.endsOn')}
          </label>
          <input id="sv-end" type="date" className="input" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </div>
      </div>
      <label className="fb-check">
        <input type="checkbox" checked={isAnonymous} onChange={(e) => setAnonymous(e.target.checked)} />
        <span>{t('feedback:builder.anonymous')}</span>
      </label>
      <label className="fb-check">
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} />
        <span>{t('feedback:builder.active')}</span>
      </label>
      <h4 className="fb-subheading">{t('feedback:builder.questions')}</h4>
      <ol className="fb-questions">
        {questions.map((q, i) => (
          <li key={i} className="fb-question">
            <div className="form__grid">
              <div className="field">
                <label className="field__label" htmlFor={`sv-q${i}`}>
                  {t('feedback:builder.question', { n: i + 1 })}
                </label>
                <input id={`sv-q${i}`} className="input" value={q.text} onChange={(e) => patch(i, { text: e.target.value })} data-testid={`sv-q${i}`} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`sv-k${i}`}>
                  {t('feedback:builder.kind')}
                </label>
                <select
                  id={`sv-k${i}`}
                  className="input select"
                  value={q.kind}
                  onChange={(e) => patch(i, { kind: e.target.value as QuestionDraft['kind'] })}
                  data-testid={`sv-k${i}`}
                >
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`feedback:builder.kinds.${k}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {q.kind === 'single' || q.kind === 'multiple' ? (
              <div className="field">
                <label className="field__label" htmlFor={`sv-o${i}`}>
                  {t('feedback:builder.options')}
                </label>
                <textarea id={`sv-o${i}`} className="input fb-textarea" rows={3} value={q.options} onChange={(e) => patch(i, { options: e.target.value })} />
              </div>
            ) : null}
            <div className="fb-item__actions">
              <label className="fb-check">
                <input type="checkbox" checked={q.required} onChange={(e) => patch(i, { required: e.target.checked })} />
                <span>{t('feedback:builder.required')}</span>
              </label>
              {questions.length > 1 ? (
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>
                  {t('feedback:builder.removeQuestion')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => setQuestions((qs) => [...qs, { kind: 'text', text: '', required: false, options: '' }])}
      >
        {t('feedback:builder.addQuestion')}
      </button>
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('feedback:builder.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pending} data-testid="sv-save">
          {pending ? t('feedback:builder.saving') : t('feedback:builder.save')}
        </button>
      </div>
    </form>
  );
}
