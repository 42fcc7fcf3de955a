import type { NotificationPriority } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';

/** low grey, medium blue, high orange, urgent red. */
export function PriorityBadge({ priority }: { priority: NotificationPriority }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <span className={`badge badge--priority-${priority}`} title={t('notifications:item.priority', { priority: t(`notifications:priority.${priority}`) })}>
      {t(`notifications:priority.${priority}`)}
    </span>
  );
}
