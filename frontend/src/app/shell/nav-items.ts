import { BoxIcon } from '../../components/icons/box';
import { CalendarCheckIcon } from '../../components/icons/calendar-check';
import { ChatIcon } from '../../components/icons/chat';
import { DashboardIcon } from '../../components/icons/dashboard';
import { DumbbellIcon } from '../../components/icons/dumbbell';
import { SlidersIcon } from '../../components/icons/sliders';
import { StarIcon } from '../../components/icons/star';
import { UsersIcon } from '../../components/icons/users';
import { WalletIcon } from '../../components/icons/wallet';

export const NAV_ITEMS = [
  { key: 'dashboard', to: '/dashboard', end: true, Icon: DashboardIcon },
  { key: 'members', to: '/dashboard/members', end: false, Icon: UsersIcon },
  { key: 'trainers', to: '/dashboard/trainers', end: false, Icon: DumbbellIcon },
  { key: 'payments', to: '/dashboard/payments', end: false, Icon: WalletIcon },
  { key: 'inventory', to: '/dashboard/inventory', end: false, Icon: BoxIcon },
  { key: 'attendance', to: '/dashboard/attendance', end: false, Icon: CalendarCheckIcon },
  { key: 'chat', to: '/dashboard/chat', end: false, Icon: ChatIcon },
  { key: 'feedback', to: '/dashboard/feedback', end: false, Icon: StarIcon },
  { key: 'settings', to: '/dashboard/settings', end: false, Icon: SlidersIcon },
] as const;
