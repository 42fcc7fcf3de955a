import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangleIcon } from '../../components/icons/alert-triangle';
import { RefreshIcon } from '../../components/icons/refresh';
import { ALL_NS } from '../../locales/resources';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The error screen: "Unexpected Application Error!" with the error text and a way out. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation(ALL_NS);
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
          <a href="/" className="btn btn--secondary">
            {t('common:actions.goHome')}
          </a>
        </div>
      </div>
    </div>
  );
}

/** Catches a screen that throws while rendering (or a chunk that fails to load); a new address clears it. */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string | null }> {
  override state: { error: unknown; key: string | null } = { error: null, key: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error('[router]', error);
    this.setState({ key: this.props.resetKey });
  }

  override componentDidUpdate() {
    if (this.state.error !== null && this.state.key !== null && this.state.key !== this.props.resetKey) this.setState({ error: null, key: null });
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
