import { dashboardRoutes, type DashboardOverview } from '@akhada/contracts';
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
