import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../locales/resources';

/** Previous / "Page X of Y" / Next; rendered only when there is more than one page. */
export function Pagination({
  page,
  totalPages,
  onChange,
  disabled,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(ALL_NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common:pagination.label')}>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => onChange(page - 1)}
        disabled={disabled || page <= 1}
        data-testid="page-previous"
      >
        {t('common:actions.previous')}
      </button>
      <span className="pagination__status" aria-live="polite">
        {t('common:pagination.pageOf', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => onChange(page + 1)}
        disabled={disabled || page >= totalPages}
        data-testid="page-next"
      >
        {t('common:actions.next')}
      </button>
    </nav>
  );
}
