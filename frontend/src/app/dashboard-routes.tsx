import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { APP_NS } from '../locales/resources';
import { lazyPage } from './routes/lazy-page';
import type { RouteHandle } from './routes/prefetch-route';

/*
 * The signed-in area's route table, in its own chunk: a guest on the landing page never downloads the hundred-odd
 * screens' names and import maps. The root table (router.tsx) mounts it under /dashboard; the route prefetcher
 * follows it (RouteHandle.routes) so a signed-in address still starts its shell, page and data together.
 */

const AppShell = lazyPage(async () => (await import('./shell/app-shell')).AppShell, APP_NS);
const DashboardPage = lazyPage(async () => (await import('../features/dashboard/routes/dashboard-page')).DashboardPage);
const AuditPage = lazyPage(async () => (await import('../features/dashboard/routes/audit-page')).AuditPage);
const MembersPage = lazyPage(async () => (await import('../features/members/routes/members-page')).MembersPage);
const MemberDetailPage = lazyPage(
  async () => (await import('../features/members/routes/member-detail-page')).MemberDetailPage,
  ['attendance', 'payments', 'campaigns'],
);
const MyMembershipPage = lazyPage(async () => (await import('../features/members/routes/my-membership-page')).MyMembershipPage, ['payments']);
const MyProgressPage = lazyPage(async () => (await import('../features/members/routes/my-progress-page')).MyProgressPage);
const MyTrainerPage = lazyPage(async () => (await import('../features/members/routes/my-trainer-page')).MyTrainerPage);
const NotificationsPage = lazyPage(async () => (await import('../features/notifications/routes/notifications-page')).NotificationsPage);
const ProfilePage = lazyPage(async () => (await import('../features/profile/routes/profile-page')).ProfilePage);
const PlanPage = lazyPage(async () => (await import('../features/settings/routes/plan-page')).PlanPage);
const PendingPage = lazyPage(async () => (await import('./routes/pending-page')).PendingPage, APP_NS);
const EnrolTwoFactorPage = lazyPage(async () => (await import('../features/settings/routes/enrol-two-factor-page')).EnrolTwoFactorPage, APP_NS);
const TrainersPage = lazyPage(async () => (await import('../features/trainers/routes/trainers-page')).TrainersPage, ['trainers']);
const TrainerDetailPage = lazyPage(async () => (await import('../features/trainers/routes/trainer-detail-page')).TrainerDetailPage, ['trainers', 'payments']);
const MyClientsPage = lazyPage(async () => (await import('../features/trainers/routes/my-trainer-pages')).MyClientsPage, ['trainers']);
const MySchedulePage = lazyPage(async () => (await import('../features/trainers/routes/my-trainer-pages')).MySchedulePage, ['trainers']);
const AttendanceDashboardPage = lazyPage(
  async () => (await import('../features/attendance/routes/attendance-dashboard-page')).AttendanceDashboardPage,
  ['attendance'],
);
const AttendanceManagePage = lazyPage(async () => (await import('../features/attendance/routes/attendance-manage-page')).AttendanceManagePage, ['attendance']);
const QrScannerPage = lazyPage(async () => (await import('../features/attendance/routes/qr-scanner-page')).QrScannerPage, ['attendance']);
const KioskPage = lazyPage(async () => (await import('../features/attendance/routes/kiosk-page')).KioskPage, ['attendance', 'errors']);
const ChatPage = lazyPage(async () => (await import('../features/chat/routes/chat-page')).ChatPage, ['chat']);
const MyQrPage = lazyPage(async () => (await import('../features/attendance/routes/my-qr-page')).MyQrPage, ['attendance']);
const FeedbackPage = lazyPage(async () => (await import('../features/feedback/routes/feedback-page')).FeedbackPage, ['feedback']);
const SettingsRoute = lazyPage(async () => (await import('./routes/settings-route')).SettingsRoute, ['campaigns']);
const PaymentDashboardPage = lazyPage(async () => (await import('../features/payments/routes/payment-dashboard-page')).PaymentDashboardPage, ['payments']);
const RecordPaymentPage = lazyPage(async () => (await import('../features/payments/routes/record-payment-page')).RecordPaymentPage, ['payments']);
const PaymentAnalyticsPage = lazyPage(async () => (await import('../features/payments/routes/analytics-page')).AnalyticsPage, ['payments']);
const PendingPaymentsPage = lazyPage(async () => (await import('../features/payments/routes/pending-page')).PendingPage, ['payments']);
const RenewalsPage = lazyPage(async () => (await import('../features/payments/routes/renewals-page')).RenewalsPage, ['payments']);
const MemberPaymentsPage = lazyPage(async () => (await import('../features/payments/routes/person-payments-pages')).MemberPaymentsPage, ['payments']);
const TrainerPaymentsPage = lazyPage(async () => (await import('../features/payments/routes/person-payments-pages')).TrainerPaymentsPage, ['payments']);
const TrainerSalariesPage = lazyPage(async () => (await import('../features/payments/routes/trainer-salaries-page')).TrainerSalariesPage, ['payments']);
const InvoicesPage = lazyPage(async () => (await import('../features/payments/routes/invoices-page')).InvoicesPage, ['payments']);
const PaymentReportsPage = lazyPage(async () => (await import('../features/payments/routes/reports-page')).ReportsPage, ['payments']);
const PaymentHistoryPage = lazyPage(async () => (await import('../features/payments/routes/history-page')).HistoryPage, ['payments']);
const PaymentDetailPage = lazyPage(async () => (await import('../features/payments/routes/payment-detail-page')).PaymentDetailPage, ['payments']);
const MyPaymentsPage = lazyPage(async () => (await import('../features/payments/routes/my-payments-page')).MyPaymentsPage, ['payments']);
const InventoryListPage = lazyPage(async () => (await import('../features/inventory/routes/inventory-page')).InventoryListPage, ['inventory']);
const InventoryItemFormPage = lazyPage(async () => (await import('../features/inventory/routes/item-form-page')).ItemFormPage, ['inventory']);
const InventoryAnalyticsPage = lazyPage(async () => (await import('../features/inventory/routes/analytics-page')).InventoryAnalyticsPage, ['inventory']);
const InventoryAlertsPage = lazyPage(async () => (await import('../features/inventory/routes/alerts-page')).AlertsPage, ['inventory']);
const InventoryMaintenancePage = lazyPage(async () => (await import('../features/inventory/routes/maintenance-page')).MaintenancePage, ['inventory']);
const InventorySuppliersPage = lazyPage(async () => (await import('../features/inventory/routes/suppliers-page')).SuppliersPage, ['inventory']);
const InventoryItemPage = lazyPage(async () => (await import('../features/inventory/routes/item-detail-page')).ItemDetailPage, ['inventory']);
const PosPage = lazyPage(async () => (await import('../features/pos/routes/pos-page')).PosPage, ['pos']);
const PosSalesPage = lazyPage(async () => (await import('../features/pos/routes/sales-page')).SalesPage, ['pos', 'payments']);
const PosReceiptPage = lazyPage(async () => (await import('../features/pos/routes/receipt-page')).ReceiptPage, ['pos', 'payments']);
const ShopPage = lazyPage(async () => (await import('../features/pos/routes/shop-page')).ShopPage, ['pos']);
const TimetablePage = lazyPage(async () => (await import('../features/scheduling/routes/timetable-page')).TimetablePage, ['scheduling']);
const ClassDetailPage = lazyPage(async () => (await import('../features/scheduling/routes/class-detail-page')).ClassDetailPage, ['scheduling']);
const ClassTypesPage = lazyPage(async () => (await import('../features/scheduling/routes/class-types-page')).ClassTypesPage, ['scheduling']);
const SchedulingSettingsPage = lazyPage(
  async () => (await import('../features/scheduling/routes/scheduling-settings-page')).SchedulingSettingsPage,
  ['scheduling'],
);
const BookClassPage = lazyPage(async () => (await import('../features/scheduling/routes/book-class-page')).BookClassPage, ['scheduling']);
const MyBookingsPage = lazyPage(async () => (await import('../features/scheduling/routes/my-bookings-page')).MyBookingsPage, ['scheduling']);
const MyClassesPage = lazyPage(async () => (await import('../features/scheduling/routes/my-classes-page')).MyClassesPage, ['scheduling']);
const PersonalTrainingPage = lazyPage(
  async () => (await import('../features/scheduling/routes/personal-training-page')).PersonalTrainingPage,
  ['scheduling', 'payments'],
);
const SessionPacksPage = lazyPage(async () => (await import('../features/scheduling/routes/session-packs-page')).SessionPacksPage, ['scheduling']);
const MyAppointmentsPage = lazyPage(async () => (await import('../features/scheduling/routes/my-appointments-page')).MyAppointmentsPage, ['scheduling']);
const EventsPage = lazyPage(async () => (await import('../features/scheduling/routes/events-page')).EventsPage, ['scheduling']);
const EventDetailPage = lazyPage(async () => (await import('../features/scheduling/routes/event-detail-page')).EventDetailPage, ['scheduling']);
const MemberEventsPage = lazyPage(async () => (await import('../features/scheduling/routes/member-events-page')).MemberEventsPage, ['scheduling']);
const EnquiriesPage = lazyPage(async () => (await import('../features/enquiries/routes/enquiries-page')).EnquiriesPage, ['enquiries']);
const LeadDetailPage = lazyPage(async () => (await import('../features/enquiries/routes/lead-detail-page')).LeadDetailPage, ['enquiries', 'campaigns']);
const FollowUpsPage = lazyPage(async () => (await import('../features/enquiries/routes/follow-ups-page')).FollowUpsPage, ['enquiries']);
const FunnelReportPage = lazyPage(async () => (await import('../features/enquiries/routes/funnel-report-page')).FunnelReportPage, ['enquiries']);
const AutomationsPage = lazyPage(async () => (await import('../features/automations/routes/automations-page')).AutomationsPage, ['automations']);
const AutomationRunsPage = lazyPage(async () => (await import('../features/automations/routes/automation-runs-page')).AutomationRunsPage, ['automations']);
const CampaignsPage = lazyPage(async () => (await import('../features/campaigns/routes/campaigns-page')).CampaignsPage, ['campaigns']);
const NewCampaignPage = lazyPage(async () => (await import('../features/campaigns/routes/new-campaign-page')).NewCampaignPage, ['campaigns', 'enquiries']);
const CampaignDetailPage = lazyPage(async () => (await import('../features/campaigns/routes/campaign-detail-page')).CampaignDetailPage, ['campaigns']);
const TemplatesPage = lazyPage(async () => (await import('../features/campaigns/routes/templates-page')).TemplatesPage, ['campaigns']);
const TemplateEditorPage = lazyPage(async () => (await import('../features/campaigns/routes/template-editor-page')).TemplateEditorPage, ['campaigns']);
const ShopOrderPage = lazyPage(async () => (await import('../features/pos/routes/order-page')).OrderPage, ['pos', 'payments']);

const handle = (h: RouteHandle) => h;

/** Relative to /dashboard (matched against the rest of the address). */
export const dashboardRoutes: RouteObject[] = [
  // An account awaiting the gym's approval sees only this page (the guard sends it here), without the shell.
  { path: 'pending', element: <PendingPage />, handle: handle({ page: PendingPage }) },
  // Staff whose gym requires two-factor sign-in set it up here first, without the shell.
  { path: 'two-factor-setup', element: <EnrolTwoFactorPage />, handle: handle({ page: EnrolTwoFactorPage }) },
  // The entrance tablet's check-in kiosk fills the screen: no sidebar or header.
  { path: 'attendance/kiosk', element: <KioskPage />, handle: handle({ page: KioskPage }) },
  {
    element: <AppShell />,
    handle: handle({ page: AppShell, data: async () => (await import('../features/notifications/routes/notifications-data')).bellData }),
    children: [
      {
        index: true,
        element: <DashboardPage />,
        handle: handle({ page: DashboardPage, data: async () => (await import('../features/dashboard/routes/dashboard-data')).dashboardData }),
      },
      {
        path: 'members',
        element: <MembersPage />,
        handle: handle({ page: MembersPage, data: async () => (await import('../features/members/routes/members-data')).membersData }),
      },
      {
        path: 'members/:id',
        element: <MemberDetailPage />,
        handle: handle({ page: MemberDetailPage, data: async () => (await import('../features/members/routes/members-data')).memberDetailData }),
      },
      {
        path: 'me',
        element: <MyMembershipPage />,
        handle: handle({ page: MyMembershipPage, data: async () => (await import('../features/members/routes/members-data')).myMembershipData }),
      },
      {
        path: 'me/progress',
        element: <MyProgressPage />,
        handle: handle({ page: MyProgressPage, data: async () => (await import('../features/members/routes/members-data')).myProgressData }),
      },
      {
        path: 'me/trainer',
        element: <MyTrainerPage />,
        handle: handle({ page: MyTrainerPage, data: async () => (await import('../features/members/routes/members-data')).myMembershipData }),
      },
      { path: 'me/qr', element: <MyQrPage />, handle: handle({ page: MyQrPage }) },
      { path: 'attendance', element: <AttendanceDashboardPage />, handle: handle({ page: AttendanceDashboardPage }) },
      { path: 'attendance/manage', element: <AttendanceManagePage />, handle: handle({ page: AttendanceManagePage }) },
      { path: 'attendance/scan', element: <QrScannerPage />, handle: handle({ page: QrScannerPage }) },
      { path: 'attendance/qr-scanner', element: <Navigate to="/dashboard/attendance/scan" replace /> },
      {
        path: 'notifications',
        element: <NotificationsPage />,
        handle: handle({
          page: NotificationsPage,
          data: async () => (await import('../features/notifications/routes/notifications-data')).notificationsData,
        }),
      },
      {
        path: 'trainers',
        element: <TrainersPage />,
        handle: handle({ page: TrainersPage, data: async () => (await import('../features/trainers/routes/trainers-data')).trainersData }),
      },
      {
        path: 'trainers/:id',
        element: <TrainerDetailPage />,
        handle: handle({ page: TrainerDetailPage, data: async () => (await import('../features/trainers/routes/trainers-data')).trainerDetailData }),
      },
      {
        path: 'my-clients',
        element: <MyClientsPage />,
        handle: handle({ page: MyClientsPage, data: async () => (await import('../features/trainers/routes/trainers-data')).myTrainerData }),
      },
      {
        path: 'my-schedule',
        element: <MySchedulePage />,
        handle: handle({ page: MySchedulePage, data: async () => (await import('../features/trainers/routes/trainers-data')).myTrainerData }),
      },
      { path: 'profile', element: <ProfilePage />, handle: handle({ page: ProfilePage }) },
      { path: 'settings', element: <SettingsRoute />, handle: handle({ page: SettingsRoute }) },
      { path: 'settings/plan', element: <PlanPage />, handle: handle({ page: PlanPage }) },
      { path: 'audit', element: <AuditPage />, handle: handle({ page: AuditPage }) },
      { path: 'chat', element: <ChatPage />, handle: handle({ page: ChatPage }) },
      ...(
        [
          ['payments', PaymentDashboardPage],
          ['payments/create', RecordPaymentPage],
          ['payments/analytics', PaymentAnalyticsPage],
          ['payments/pending', PendingPaymentsPage],
          ['payments/renewals', RenewalsPage],
          ['payments/member-payments', MemberPaymentsPage],
          ['payments/trainer-payments', TrainerPaymentsPage],
          ['payments/trainer-salaries', TrainerSalariesPage],
          ['payments/invoices', InvoicesPage],
          ['payments/reports', PaymentReportsPage],
          ['payments/history', PaymentHistoryPage],
          ['payments/history/:id', PaymentDetailPage],
          ['me/payments', MyPaymentsPage],
        ] as const
      ).map(([path, Page]) => ({ path, element: <Page />, handle: handle({ page: Page }) })),
      { path: 'feedback', element: <FeedbackPage />, handle: handle({ page: FeedbackPage }) },
      { path: 'feedback/:section', element: <FeedbackPage />, handle: handle({ page: FeedbackPage }) },
      ...(
        [
          ['inventory', InventoryListPage],
          ['inventory/create', InventoryItemFormPage],
          ['inventory/analytics', InventoryAnalyticsPage],
          ['inventory/alerts', InventoryAlertsPage],
          ['inventory/maintenance', InventoryMaintenancePage],
          ['inventory/suppliers', InventorySuppliersPage],
          ['inventory/:id', InventoryItemPage],
        ] as const
      ).map(([path, Page]) => ({ path, element: <Page />, handle: handle({ page: Page }) })),
      { path: 'pos', element: <PosPage />, handle: handle({ page: PosPage }) },
      { path: 'pos/sales', element: <PosSalesPage />, handle: handle({ page: PosSalesPage }) },
      { path: 'pos/receipt/:saleId', element: <PosReceiptPage />, handle: handle({ page: PosReceiptPage }) },
      { path: 'me/shop', element: <ShopPage />, handle: handle({ page: ShopPage }) },
      { path: 'me/shop/orders/:saleId', element: <ShopOrderPage />, handle: handle({ page: ShopOrderPage }) },
      ...(
        [
          ['classes', TimetablePage],
          ['classes/types', ClassTypesPage],
          ['classes/settings', SchedulingSettingsPage],
          ['classes/packs', SessionPacksPage],
          ['classes/events', EventsPage],
          ['classes/events/:id', EventDetailPage],
          ['classes/:id', ClassDetailPage],
          ['me/classes', BookClassPage],
          ['me/bookings', MyBookingsPage],
          ['me/events', MemberEventsPage],
          ['my-classes', MyClassesPage],
          ['me/sessions', PersonalTrainingPage],
          ['my-appointments', MyAppointmentsPage],
        ] as const
      ).map(([path, Page]) => ({ path, element: <Page />, handle: handle({ page: Page }) })),
      ...(
        [
          ['enquiries', EnquiriesPage],
          ['enquiries/today', FollowUpsPage],
          ['enquiries/reports', FunnelReportPage],
          ['enquiries/:id', LeadDetailPage],
          ['automations', AutomationsPage],
          ['automations/:id', AutomationRunsPage],
        ] as const
      ).map(([path, Page]) => ({ path, element: <Page />, handle: handle({ page: Page }) })),
      ...(
        [
          ['campaigns', CampaignsPage],
          ['campaigns/new', NewCampaignPage],
          ['campaigns/templates', TemplatesPage],
          ['campaigns/templates/new', TemplateEditorPage],
          ['campaigns/templates/:id', TemplateEditorPage],
          ['campaigns/:id', CampaignDetailPage],
        ] as const
      ).map(([path, Page]) => ({ path, element: <Page />, handle: handle({ page: Page }) })),
    ],
  },
  // An address under /dashboard that no screen has: home, as before the split.
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The signed-in area: the routes above, below the root table's /dashboard guard (descendant routes). */
export function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
