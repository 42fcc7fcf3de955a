import { FEEDBACK_EMOJI, type FeedbackEmoji } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useFeedbackMutations } from '../api/feedback-api';
import { useFlash } from '../lib/use-flash';

const TYPES = ['general', 'trainer', 'facility', 'service', 'membership', 'complaint'] as const;
const CATEGORIES = ['equipment', 'cleanliness', 'safety', 'trainer', 'staff', 'billing', 'membership', 'facility', 'noise', 'other'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** Submit Feedback: type, the ten emoji, the 1–5 rating, title and description; complaint fields only for complaints. */
export function SubmitSection() {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const { submit } = useFeedbackMutations();
  const flash = useFlash();
  const [type, setType] = useState<(typeof TYPES)[number]>('general');
  const [rating, setRating] = useState(5);
  const [emoji, setEmoji] = useState<FeedbackEmoji | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('other');
  const [priority, setPriority] = useState<(typeof PRIORITIES)[number]>('medium');
  const [tags, setTags] = useState('');
  const [anonymous, setAnonymous] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim()) {
      flash.error(t('feedback:submit.required'));
      return;
    }
    try {
      await submit.mutateAsync({
        type,
        rating: { overall: rating },
        title,
        description,
        ...(type === 'complaint' ? { complaintCategory: category, priority } : {}),
        isAnonymous: anonymous,
        ...(emoji ? { emoji } : {}),
        tags: tags
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      });
      flash.success(t('feedback:submit.success'));
      setTitle('');
      setDescription('');
      setTags('');
      setEmoji(null);
      setRating(5);
      setAnonymous(false);
    } catch (err) {
      flash.error(describe(err, { fallback: t('feedback:submit.failed') }));
    }
  };

  return (
    <section className="card fb-card" aria-labelledby="fb-submit-h">
      <h2 id="fb-submit-h" className="card__title">
        {t('feedback:submit.heading')}
      </h2>
      <p className="text-muted fb-hint">{t('feedback:submit.hint')}</p>
      {flash.flash ? (
        <Alert tone={flash.flash.tone} shake={flash.flash.tone === 'error' ? flash.flash.n : undefined} testId={`fb-${flash.flash.tone}`}>
          {flash.flash.text}
        </Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="fb-type">
            {t('feedback:submit.type')}
          </label>
          <select id="fb-type" className="input select" value={type} onChange={(e) => setType(e.target.value as typeof type)} data-testid="fb-type">
            {TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`feedback:types.${x}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field fb-fieldset">
          <legend className="field__label">{t('feedback:submit.emoji')}</legend>
          <div className="fb-emoji" role="radiogroup" aria-label={t('feedback:submit.emoji')}>
            {FEEDBACK_EMOJI.map((e, i) => (
              <button
                key={e}
                type="button"
                role="radio"
                aria-checked={emoji === e}
                aria-label={t(`feedback:submit.emojiNames.e${i}` as 'feedback:submit.emojiNames.e0')}
                title={t(`feedback:submit.emojiNames.e${i}` as 'feedback:submit.emojiNames.e0')}
                className={`fb-emoji__btn${emoji === e ? ' fb-emoji__btn--on' : ''}`}
                onClick={() => setEmoji(emoji === e ? null : e)}
                data-testid={`fb-emoji-${i}`}
              >
                <span aria-hidden="true">{e}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="field fb-fieldset">
          <legend className="field__label">{t('feedback:submit.rating')}</legend>
          <div className="fb-stars" role="radiogroup" aria-label={t('feedback:submit.rating')}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={rating === n}
                aria-label={t('feedback:submit.ratingValue', { count: n })}
                className={`fb-star${n <= rating ? ' fb-star--on' : ''}`}
                onClick={() => setRating(n)}
                data-testid={`fb-star-${n}`}
              >
                ★
              </button>
            ))}
            <span className="fb-stars__value">{t('feedback:submit.ratingValue', { count: rating })}</span>
          </div>
        </fieldset>
        {type === 'complaint' ? (
          <div className="form__grid">
            <div className="field">
              <label className="field__label" htmlFor="fb-category">
                {t('feedback:submit.category')}
              </label>
              <select
                id="fb-category"
                className="input select"
                value={category}
                onChange={(e) => setCategory(e.target.value as typeof category)}
                data-testid="fb-category"
              >
                {CATEGORIES.map((x) => (
                  <option key={x} value={x}>
                    {t(`feedback:categories.${x}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="fb-priority">
                {t('feedback:submit.priority')}
              </label>
              <select
                id="fb-priority"
                className="input select"
                value={priority}
                onChange={(e) => setPriority(e.target.value as typeof priority)}
                data-testid="fb-priority"
              >
                {PRIORITIES.map((x) => (
                  <option key={x} value={x}>
                    {t(`feedback:priorities.${x}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="fb-title">
            {t('feedback:submit.titleLabel')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id="fb-title"
            className="input"
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            aria-required
            data-testid="fb-title"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="fb-description">
            {t('feedback:submit.descriptionLabel')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id="fb-description"
            className="input fb-textarea"
            rows={5}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-required
            data-testid="fb-description"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="fb-tags">
            {t('feedback:submit.tags')}
          </label>
          <input id="fb-tags" className="input" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby="fb-tags-hint" />
          <p className="field__hint" id="fb-tags-hint">
            {t('feedback:submit.tagsHint')}
          </p>
        </div>
        <label className="fb-check">
          <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} data-testid="fb-anonymous" />
          <span>
            {t('feedback:submit.anonymous')}
            <span className="field__hint fb-check__hint">{t('feedback:submit.anonymousHint')}</span>
          </span>
        </label>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={submit.isPending} data-testid="fb-submit">
            {submit.isPending ? t('feedback:submit.sending') : t('feedback:submit.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
