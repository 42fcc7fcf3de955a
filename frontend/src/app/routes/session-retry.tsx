import { useTranslation } from 'react-i18next';
import { AlertTriangleIcon } from '../../components/icons/alert-triangle';
import { RefreshIcon } from '../../components/icons/refresh';
import { clearToken } from '../../lib/auth/token-store';
import { useSession } from '../../lib/auth/session';
import { ALL_NS } from '../../locales/resources';

/** Shown when the session cannot be checked (the server did not answer). */
export function SessionUnreachable() {
  const { t } = useTranslation(ALL_NS);
  const { retry } = useSession();
  return (
    <div className="full-page-center">
      <div className="state state--error card" role="alert">
        <div className="state__icon state__icon--warning">
          <AlertTriangleIcon size={28} />
        </div>
        <h1 className="state__title">{t('common:sessionUnreachable.title')}</h1>
        <p className="state__hint">{t('common:sessionUnreachable.description')}</p>
        <div className="state__action">
          <button type="button" className="btn btn--primary" onClick={retry}>
            <RefreshIcon size={16} />
            {t('common:actions.retry')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              clearToken('signed-out');
            }}
          >
            {t('common:sessionUnreachable.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
