import type { Feedback } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';

const STATUS_TONE: Record<Feedback['status'], string> = {
  open: 'badge--info',
  in_progress: 'badge--priority-medium',
  resolved: 'badge--success',
  closed: 'badge--neutral',
};

export function StatusBadge({ status }: { status: Feedback['status'] }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <span className={`badge ${STATUS_TONE[status]}`} data-testid="fb-status">
      {t(`feedback:statuses.${status}`)}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: NonNullable<Feedback['priority']> }) {
  const { t } = useTranslation(ALL_NS);
  return <span className={`badge badge--priority-${priority}`}>{t(`feedback:priorities.${priority}`)}</span>;
}

export function Stars({ value }: { value: number }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <span className="fb-stars-static" role="img" aria-label={t('feedback:submit.ratingValue', { count: value })}>
      {'★★★★★'.slice(0, value)}
      <span className="fb-stars-static__off">{'★★★★★'.slice(value)}</span>
    </span>
  );
}
