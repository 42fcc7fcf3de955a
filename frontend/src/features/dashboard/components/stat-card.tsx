import type { DashboardFigure } from '@akhada/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ALL_NS } from '../../../locales/resources';

/**
 * One figure of the dashboard that links to its screen, with its real change against the previous comparable period.
 * A figure whose source is not there yet (null) shows "—" and says why (tooltip, read by screen readers): never a
 * made-up number.
 */
export function StatCard({
  label,
  to,
  icon,
  figure,
  format,
  changeLabel,
  hint,
  unavailable,
  tone = 'primary',
  testId,
}: {
  label: string;
  to: string;
  icon: ReactNode;
  figure: DashboardFigure;
  format: (n: number) => string;
  /** "vs yesterday", "vs last month"… */
  changeLabel: string;
  /** A line under the value (e.g. the amount owed). */
  hint?: string | undefined;
  /** Why there is no number (shown as a tooltip when the value is null). */
  unavailable: string;
  tone?: 'primary' | 'success' | 'warning';
  testId: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const tipId = useId();
  const none = figure.value === null;
  const change = figure.changePercent;
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  return (
    <li className={`stat-card card stat-card--${tone}`} data-testid={testId}>
      <Link to={to} className="stat-card__link" aria-describedby={none ? tipId : undefined}>
        <span className="stat-card__icon">{icon}</span>
        <span className="stat-card__label">{label}</span>
        <span className="stat-card__value" data-testid={`${testId}-value`}>
          {none ? <span className="tooltip stat-card__none">—</span> : format(figure.value ?? 0)}
        </span>
        <span className="stat-card__hint">
          {none ? (
            <span id={tipId} role="tooltip" className="stat-card__unavailable">
              {unavailable}
            </span>
          ) : (
            <>
              {change !== null ? (
                <span className={`stat-card__change stat-card__change--${direction}`}>
                  {t('dashboard:change.percent', { value: `${change > 0 ? '+' : ''}${change}` })}
                </span>
              ) : figure.previous === 0 && (figure.value ?? 0) > 0 ? (
                <span className="stat-card__change stat-card__change--up">{t('dashboard:change.new')}</span>
              ) : null}{' '}
              {change !== null || (figure.previous === 0 && (figure.value ?? 0) > 0) ? changeLabel : null}
              {hint ? <span className="stat-card__extra">{hint}</span> : null}
            </>
          )}
        </span>
      </Link>
    </li>
  );
}
