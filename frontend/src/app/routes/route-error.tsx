import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { AlertTriangleIcon, RefreshIcon } from '../../components/icons';
import { ALL_NS } from '../../locales/resources';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen: "Unexpected Application Error!" with the error text and a way out. */
export function RouteError() {
  const { t } = useTranslation(ALL_NS);
  const error = useRouteError();
  console.error('[router]', error);
  return (
    <div className="full-page-center">
      <div className="state state--error card route-error" role="alert">
        <div className="state__icon state__icon--warning">
          <AlertTriangleIcon size={28} />
        </div>
        <h1 className="state__title">{t('common:routeError.title')}</h1>
        <p className="state__hint">{t('common:routeError.description')}</p>
        <details className="route-error__details">
          <summary>{t('common:routeError.details')}</summary>
          <pre>{describe(error)}</pre>
        </details>
        <div className="state__action">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            <RefreshIcon size={16} />
            {t('common:actions.reload')}
          </button>
          <Link to="/" className="btn btn--secondary" reloadDocument>
            {t('common:actions.goHome')}
          </Link>
        </div>
      </div>
    </div>
  );
}
