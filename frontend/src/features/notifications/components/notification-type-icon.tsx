import type { NotificationType } from '@akhada/contracts';
import { BoxIcon } from '../../../components/icons/box';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { IdCardIcon } from '../../../components/icons/id-card';
import { InfoIcon } from '../../../components/icons/info';
import { StarIcon } from '../../../components/icons/star';
import { WalletIcon } from '../../../components/icons/wallet';

const ICONS = {
  payment: WalletIcon,
  attendance: CalendarCheckIcon,
  trainer: DumbbellIcon,
  system: InfoIcon,
  feedback: StarIcon,
  inventory: BoxIcon,
  membership: IdCardIcon,
} satisfies Record<NotificationType, unknown>;

export function NotificationTypeIcon({ type, size = 18 }: { type: NotificationType; size?: number }) {
  const Icon = ICONS[type];
  return (
    <span className={`type-icon type-icon--${type}`}>
      <Icon size={size} />
    </span>
  );
}
