import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RefreshIcon } from '../../../components/icons/refresh';
import { Spinner } from '../../../components/spinner';
import { isUnavailableError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';

interface StatQuery {
  data: number | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A number that links to its screen. A failed lookup says so (never a made-up zero). */
export function StatCard({
  label,
  hint,
  to,
  icon,
  query,
  tone = 'primary',
  testId,
}: {
  label: string;
  hint: string;
  to: string;
  icon: ReactNode;
  query: StatQuery;
  tone?: 'primary' | 'success' | 'warning';
  testId: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  return (
    <li className={`stat-card card stat-card--${tone}`} data-testid={testId}>
      <Link to={to} className="stat-card__link">
        <span className="stat-card__icon">{icon}</span>
        <span className="stat-card__label">{label}</span>
        <span className="stat-card__value">
          {query.isPending ? <Spinner size="sm" label={t('common:loading')} /> : query.isError ? '—' : formatNumber(query.data ?? 0)}
        </span>
        <span className="stat-card__hint">
          {query.isError ? (isUnavailableError(query.error) ? t('common:unavailable.title') : describe(query.error)) : hint}
        </span>
      </Link>
      {query.isError ? (
        <button
          type="button"
          className="icon-btn stat-card__retry"
          onClick={() => void query.refetch()}
          aria-label={`${t('common:actions.retry')}: ${label}`}
          disabled={query.isFetching}
        >
          <RefreshIcon size={16} className={query.isFetching ? 'spin' : undefined} />
        </button>
      ) : null}
    </li>
  );
}
