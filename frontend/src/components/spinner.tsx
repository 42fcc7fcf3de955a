import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../locales/resources';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`spinner spinner--${size}`} role={label ? 'status' : undefined} aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}

/** The whole-screen wait shown while the session loads. */
export function FullPageSpinner() {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="visually-hidden">{t('common:loading')}</span>
    </div>
  );
}

/** A centred loading message for a section ("Loading members..."). */
export function LoadingState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="state__title">{title}</p>
      {hint ? <p className="state__hint">{hint}</p> : null}
    </div>
  );
}
