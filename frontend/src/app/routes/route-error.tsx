import { useQueryClient } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangleIcon } from '../../components/icons/alert-triangle';
import { RefreshIcon } from '../../components/icons/refresh';
import { ALL_NS } from '../../locales/resources';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The error screen of a screen that broke while rendering: what happened, Try Again (renders the screen again on fresh
 * data), Reload and a way home, the error text folded away. `inShell`: inside the signed-in frame (sidebar and top bar
 * stay), else the whole page.
 */
export function RouteError({ error, onRetry, inShell = false }: { error: unknown; onRetry: () => void; inShell?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const state = (
    <div className="state state--error card route-error" role="alert" data-testid="route-error">
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
        <button type="button" className="btn btn--primary" onClick={onRetry} data-testid="route-error-retry">
          <RefreshIcon size={16} />
          {t('common:actions.tryAgain')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </button>
        <a href={inShell ? '/dashboard' : '/'} className="btn btn--secondary">
          {t('common:actions.goHome')}
        </a>
      </div>
    </div>
  );
  return inShell ? <div className="page">{state}</div> : <div className="full-page-center">{state}</div>;
}

type BoundaryProps = { resetKey: string; inShell?: boolean; onRetry: () => void; children: ReactNode };
type BoundaryState = { error: unknown; key: string | null };

/** Catches a screen that throws while rendering (or a chunk that fails to load); Try Again or a new address clears it. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: null };

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

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null, key: null });
  };

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} onRetry={this.retry} inShell={this.props.inShell} /> : this.props.children;
  }
}

/**
 * The route-level error boundary (every route at the root, and each signed-in page inside the shell). Try Again marks
 * every cached answer stale first, so the screen renders again from what the server says now rather than from the cache
 * entry it broke on.
 */
export function RouteErrorBoundary({ resetKey, inShell, children }: { resetKey: string; inShell?: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <ErrorBoundary resetKey={resetKey} inShell={inShell} onRetry={() => void queryClient.invalidateQueries()}>
      {children}
    </ErrorBoundary>
  );
}
