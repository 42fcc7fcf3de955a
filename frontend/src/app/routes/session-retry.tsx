import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { RefreshIcon } from '../../components/icons/refresh';
import { useSession } from '../../lib/auth/session';
import { useNow } from '../../lib/use-now';
import { ALL_NS } from '../../locales/resources';

/**
 * Shown while the stored session cannot be checked (rate-limited, server down, offline): the user is still signed
 * in, the banner says what happened and when the next try is, and the page comes as soon as a try succeeds.
 */
export function SessionRetry() {
  const { t } = useTranslation(ALL_NS);
  const { retrying, retry, signOut } = useSession();
  const now = useNow(1_000);
  if (!retrying) return null;
  const seconds = Math.ceil((retrying.retryAt - now) / 1000);
  return (
    <div className="full-page-center">
      <div className="session-retry card" data-testid="session-retry">
        <div className="alert alert--warning" role="status" aria-live="polite">
          <div className="alert__body">
            <p className="alert__title">{t(`common:sessionRetry.problem.${retrying.problem}`)}</p>
            <p>{t('common:sessionRetry.stillSignedIn')}</p>
          </div>
        </div>
        <p className="session-retry__countdown" aria-live="off">
          <Spinner size="sm" />
          {seconds > 0 ? t('common:sessionRetry.nextTry', { count: seconds }) : t('common:sessionRetry.trying')}
        </p>
        <div className="state__action">
          <button type="button" className="btn btn--primary" onClick={retry} data-testid="session-retry-now">
            <RefreshIcon size={16} />
            {t('common:sessionRetry.tryNow')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => void signOut()}>
            {t('common:sessionRetry.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
