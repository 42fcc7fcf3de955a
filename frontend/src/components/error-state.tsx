import { useTranslation } from 'react-i18next';
import { isUnavailableError } from '../lib/api-error';
import { useErrorText } from '../lib/use-error-text';
import { AlertTriangleIcon } from './icons/alert-triangle';
import { RefreshIcon } from './icons/refresh';
import { ALL_NS } from '../locales/resources';

/**
 * What a screen shows when its data could not be loaded: an honest message and a Retry button.
 * A service that is down (503) gets the "not available right now" wording.
 */
export function ErrorState({
  error,
  onRetry,
  title,
  retrying,
  retryLabel,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  retrying?: boolean;
  retryLabel?: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const unavailable = isUnavailableError(error);
  const heading = unavailable ? t('common:unavailable.title') : (title ?? t('common:loadError.title'));
  const detail = unavailable ? t('common:unavailable.description') : describe(error);
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <div className="state__icon state__icon--warning">
        <AlertTriangleIcon size={28} />
      </div>
      <p className="state__title">{heading}</p>
      <p className="state__hint">{detail}</p>
      {onRetry ? (
        <div className="state__action">
          <button type="button" className="btn btn--secondary" onClick={onRetry} disabled={retrying} data-testid="retry-button">
            <RefreshIcon size={16} className={retrying ? 'spin' : undefined} />
            {retryLabel ?? t('common:actions.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
