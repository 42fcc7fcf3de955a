import type { AvailabilityStatus } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import { availabilityTone } from '../lib/trainer-labels';

/** Available green, fully booked amber, unavailable red. */
export function AvailabilityBadge({ status }: { status: AvailabilityStatus }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <span className={`badge badge--${availabilityTone(status)}`} data-testid="availability-badge" data-status={status}>
      {t(`trainers:availability.${status}`)}
    </span>
  );
}
