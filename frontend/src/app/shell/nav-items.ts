import type { Role } from '@akhada/contracts';
import { BoxIcon } from '../../components/icons/box';
import { CartIcon } from '../../components/icons/cart';
import { CalendarCheckIcon } from '../../components/icons/calendar-check';
import { ChatIcon } from '../../components/icons/chat';
import { ClockIcon } from '../../components/icons/clock';
import { DashboardIcon } from '../../components/icons/dashboard';
import { DumbbellIcon } from '../../components/icons/dumbbell';
import { IdCardIcon } from '../../components/icons/id-card';
import { MailIcon } from '../../components/icons/mail';
import { PhoneIcon } from '../../components/icons/phone';
import { QrCodeIcon } from '../../components/icons/qr-code';
import { ShieldIcon } from '../../components/icons/shield';
import { SlidersIcon } from '../../components/icons/sliders';
import { StarIcon } from '../../components/icons/star';
import { TrendingUpIcon } from '../../components/icons/trending-up';
import { UsersIcon } from '../../components/icons/users';
import { WalletIcon } from '../../components/icons/wallet';
import { ZapIcon } from '../../components/icons/zap';

const STAFF: readonly Role[] = ['owner', 'admin'];
const STAFF_AND_TRAINERS: readonly Role[] = ['owner', 'admin', 'trainer'];
const EVERYONE: readonly Role[] = ['owner', 'admin', 'trainer', 'member'];

/**
 * The sidebar, in order, with the roles that see each entry: owners and admins see the gym's screens; a trainer their
 * clients and schedule beside the members and their colleagues; a member only their own pages. The server refuses the rest
 * whatever the menu shows; the route guard (routes/role-access.ts) sends a role away from screens that are not theirs.
 */
export const NAV_ITEMS = [
  { key: 'dashboard', to: '/dashboard', end: true, Icon: DashboardIcon, roles: STAFF_AND_TRAINERS },
  { key: 'myMembership', to: '/dashboard/me', end: true, Icon: IdCardIcon, roles: ['member'] },
  { key: 'myQr', to: '/dashboard/me/qr', end: false, Icon: QrCodeIcon, roles: ['member'] },
  { key: 'myProgress', to: '/dashboard/me/progress', end: false, Icon: TrendingUpIcon, roles: ['member'] },
  { key: 'myTrainer', to: '/dashboard/me/trainer', end: false, Icon: DumbbellIcon, roles: ['member'] },
  { key: 'myPayments', to: '/dashboard/me/payments', end: false, Icon: WalletIcon, roles: ['member'] },
  { key: 'myShop', to: '/dashboard/me/shop', end: false, Icon: CartIcon, roles: ['member'] },
  { key: 'bookClass', to: '/dashboard/me/classes', end: false, Icon: CalendarCheckIcon, roles: ['member'] },
  { key: 'myBookings', to: '/dashboard/me/bookings', end: false, Icon: ClockIcon, roles: ['member'] },
  { key: 'bookSession', to: '/dashboard/me/sessions', end: false, Icon: DumbbellIcon, roles: ['member'] },
  { key: 'myEvents', to: '/dashboard/me/events', end: false, Icon: StarIcon, roles: ['member'] },
  { key: 'myClients', to: '/dashboard/my-clients', end: false, Icon: UsersIcon, roles: ['trainer'] },
  { key: 'mySchedule', to: '/dashboard/my-schedule', end: false, Icon: ClockIcon, roles: ['trainer'] },
  { key: 'myClasses', to: '/dashboard/my-classes', end: false, Icon: CalendarCheckIcon, roles: ['trainer'] },
  { key: 'myAppointments', to: '/dashboard/my-appointments', end: false, Icon: DumbbellIcon, roles: ['trainer'] },
  { key: 'members', to: '/dashboard/members', end: false, Icon: UsersIcon, roles: STAFF_AND_TRAINERS },
  { key: 'enquiries', to: '/dashboard/enquiries', end: false, Icon: PhoneIcon, roles: STAFF_AND_TRAINERS },
  { key: 'campaigns', to: '/dashboard/campaigns', end: false, Icon: MailIcon, roles: STAFF },
  { key: 'automations', to: '/dashboard/automations', end: false, Icon: ZapIcon, roles: STAFF },
  { key: 'trainers', to: '/dashboard/trainers', end: false, Icon: DumbbellIcon, roles: STAFF_AND_TRAINERS },
  { key: 'payments', to: '/dashboard/payments', end: false, Icon: WalletIcon, roles: STAFF },
  { key: 'inventory', to: '/dashboard/inventory', end: false, Icon: BoxIcon, roles: STAFF_AND_TRAINERS },
  { key: 'pos', to: '/dashboard/pos', end: false, Icon: CartIcon, roles: STAFF },
  { key: 'classes', to: '/dashboard/classes', end: false, Icon: CalendarCheckIcon, roles: STAFF },
  { key: 'attendance', to: '/dashboard/attendance', end: false, Icon: CalendarCheckIcon, roles: STAFF },
  { key: 'chat', to: '/dashboard/chat', end: false, Icon: ChatIcon, roles: EVERYONE },
  { key: 'feedback', to: '/dashboard/feedback', end: false, Icon: StarIcon, roles: EVERYONE },
  { key: 'settings', to: '/dashboard/settings', end: false, Icon: SlidersIcon, roles: EVERYONE },
  { key: 'audit', to: '/dashboard/audit', end: false, Icon: ShieldIcon, roles: ['owner'] },
] as const satisfies readonly { key: string; to: string; end: boolean; Icon: unknown; roles: readonly Role[] }[];

export type NavItem = (typeof NAV_ITEMS)[number];

/** The entries a role sees, in the sidebar's order. */
export const navItemsFor = (role: Role): NavItem[] => NAV_ITEMS.filter((item) => (item.roles as readonly Role[]).includes(role));
