import type { NotificationType } from '@akhada/contracts';
import { BoxIcon, CalendarCheckIcon, DumbbellIcon, IdCardIcon, InfoIcon, StarIcon, WalletIcon } from '../../../components/icons';

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
