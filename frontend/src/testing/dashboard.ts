import { dashboardRoutes, type DashboardOverview, type TodaysClass } from '@akhada/contracts';
import { on, reply } from './contract-handlers';

const figure = (value: number | null) => ({ value, previous: value, changePercent: value === null ? null : 0 });

/** A dashboard overview as GET /dashboard/overview answers it (inventory not there yet). */
export const anOverview = (o: Partial<DashboardOverview> = {}): DashboardOverview => ({
  generatedAt: '2026-11-24T06:30:00.000Z',
  locationId: null,
  date: '2026-11-24',
  cards: {
    todaysCheckIns: figure(4),
    activeMembers: figure(120),
    monthlyRevenue: figure(1_500_000),
    pendingPayments: { ...figure(2), amountPaise: 300_000 },
    totalTrainers: figure(5),
    lowStockItems: figure(null),
  },
  counters: { notifications: null, todaysCheckIns: 4 },
  quickActions: { addMember: null, qrScanner: null, processPayment: 2, manageInventory: null, viewNotifications: null, chatSupport: null },
  equipmentStatus: null,
  recentActivity: [],
  locations: null,
  ...o,
});

/** The staff dashboard's one call. */
export const dashboardIs = (overview: DashboardOverview = anOverview()) =>
  on(dashboardRoutes.overview, () => reply(dashboardRoutes.overview, 200, { success: true, data: overview }));

/** A class of today as GET /dashboard/classes/today answers it: Morning Yoga at 08:00 in Pune, 12 of 20 taken. */
export const aTodaysClass = (o: Partial<TodaysClass> = {}): TodaysClass => ({
  classId: '0192d0c0-0000-7000-8000-00000000c1a5',
  locationId: '0192d0c0-0000-7000-8000-0000000010c1',
  locationName: 'Akhada Pune',
  timeZone: 'Asia/Kolkata',
  name: 'Morning Yoga',
  startsAt: '2026-11-24T02:30:00.000Z',
  endsAt: '2026-11-24T03:30:00.000Z',
  trainerId: null,
  trainerName: 'Ishaan Verma',
  room: 'Studio 1',
  capacity: 20,
  booked: 12,
  waitlist: 0,
  cancelled: false,
  ...o,
});

/** The staff dashboard's Today's Classes (none by default; `included` false: a plan without scheduling). */
export const todaysClassesAre = (classes: TodaysClass[] = [], included = true) =>
  on(dashboardRoutes.todaysClasses, () => reply(dashboardRoutes.todaysClasses, 200, { success: true, data: { included, date: '2026-11-24', classes } }));
