import type { LandingIcon as LandingIconName } from '@akhada/contracts';
import { BellIcon } from '../../../components/icons/bell';
import { BoxIcon } from '../../../components/icons/box';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { ChartIcon } from '../../../components/icons/chart';
import { ChatIcon } from '../../../components/icons/chat';
import { GlobeIcon } from '../../../components/icons/globe';
import { MapPinIcon } from '../../../components/icons/map-pin';
import { QrCodeIcon } from '../../../components/icons/qr-code';
import { ReceiptIcon } from '../../../components/icons/receipt';
import { ShieldIcon } from '../../../components/icons/shield';
import { UsersIcon } from '../../../components/icons/users';
import { WalletIcon } from '../../../components/icons/wallet';

const ICONS = {
  users: UsersIcon,
  wallet: WalletIcon,
  'qr-code': QrCodeIcon,
  message: ChatIcon,
  chart: ChartIcon,
  receipt: ReceiptIcon,
  box: BoxIcon,
  'map-pin': MapPinIcon,
  globe: GlobeIcon,
  bell: BellIcon,
  calendar: CalendarCheckIcon,
  shield: ShieldIcon,
} satisfies Record<LandingIconName, unknown>;

/** The icon a feature card names in the content file. */
export function LandingIcon({ name, size = 22 }: { name: LandingIconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} />;
}
