import { z } from 'zod';
import { DateWithin, IsoDateTime, ok, PageQuery, Problem, route, Text } from './route.ts';

/**
 * The dashboard service: a read model built only from the other services' events (members, trainers, attendance,
 * payments; inventory when it lands). One call answers the whole dashboard screen; global search and the owners'
 * audit trail are projections of the same events.
 */

const STAFF = ['owner', 'admin'] as const;
const LocationId = z.uuid({ message: 'Not a valid location' });

/**
 * One figure of a stat card. `value` null: the service that supplies it does not exist yet (the screen shows "—" with
 * a tooltip); never a made-up number. `previous` is the same figure for the previous comparable period (check-ins:
 * yesterday up to the same time of day; monthly figures: last month up to the same day; counts of people: as they
 * were one month ago). `changePercent` is rounded to one decimal; null when there is no value or the previous is 0.
 */
export const DashboardFigure = z.object({
  value: z.number().int().min(0).nullable(),
  previous: z.number().int().min(0).nullable(),
  changePercent: z.number().nullable(),
});
export type DashboardFigure = z.infer<typeof DashboardFigure>;

/** The six stat cards. Money is integer paise. */
export const DashboardCards = z.object({
  todaysCheckIns: DashboardFigure,
  activeMembers: DashboardFigure,
  /** Completed payments this month to date (paise). */
  monthlyRevenue: DashboardFigure,
  /** How many payments are pending now, and their amount (paise, null when payments is not there yet). */
  pendingPayments: DashboardFigure.extend({ amountPaise: z.number().int().min(0).nullable() }),
  totalTrainers: DashboardFigure,
  lowStockItems: DashboardFigure,
});
export type DashboardCards = z.infer<typeof DashboardCards>;

export const ActivityKind = z.enum(['payment', 'member', 'check_in']);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** One line of Recent Activity; the screen words it through i18n from `kind` and the fields. */
export const DashboardActivity = z.object({
  /** The event it came from. */
  id: z.uuid(),
  kind: ActivityKind,
  at: IsoDateTime,
  locationId: z.uuid().nullable(),
  /** The member (member, check_in, payment) or trainer (trainer check-in) concerned. */
  personId: z.uuid().nullable(),
  name: z.string(),
  /** payment: the amount in paise; else null. */
  amountPaise: z.number().int().nullable(),
  /** member: membership type; payment: its status; check_in: member or trainer. */
  detail: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof DashboardActivity>;

export const DashboardLocationBreakdown = z.object({
  locationId: z.uuid(),
  name: z.string(),
  cards: DashboardCards,
});

export const DashboardOverview = z.object({
  /** When the figures were read. */
  generatedAt: IsoDateTime,
  /** The location filter applied, or null for all the caller's locations. */
  locationId: z.uuid().nullable(),
  /** Local date ("today") of the first location in scope. */
  date: z.iso.date(),
  cards: DashboardCards,
  /** The two small counters beside the greeting. `notifications` is the caller's unread count, from the bell (null here). */
  counters: z.object({ notifications: z.number().int().min(0).nullable(), todaysCheckIns: z.number().int().min(0) }),
  /** Count badges of the quick actions; null = no badge. */
  quickActions: z.object({
    addMember: z.number().int().min(0).nullable(),
    qrScanner: z.number().int().min(0).nullable(),
    processPayment: z.number().int().min(0).nullable(),
    manageInventory: z.number().int().min(0).nullable(),
    viewNotifications: z.number().int().min(0).nullable(),
    chatSupport: z.number().int().min(0).nullable(),
  }),
  /** Equipment status in percent, when inventory supplies it; null otherwise (the screen then leaves it out). */
  equipmentStatus: z.number().min(0).max(100).nullable(),
  /** Up to 8, newest first, from the latest payments, members and check-ins. */
  recentActivity: z.array(DashboardActivity).max(8),
  /** Owners: one entry per location of theirs (the cards above are the "All locations" total); null for others. */
  locations: z.array(DashboardLocationBreakdown).nullable(),
});
export type DashboardOverview = z.infer<typeof DashboardOverview>;

export const DashboardOverviewQuery = z.object({ locationId: LocationId.optional() });

export const TodaysClassesQuery = z.object({ locationId: LocationId.optional() });

/** A class on today's timetable of one of the caller's locations, as scheduling's events told it. */
export const TodaysClass = z.object({
  classId: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  /** The location's IANA zone: the screen shows the times in it. */
  timeZone: z.string(),
  name: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  trainerId: z.uuid().nullable(),
  /** The trainer's name as the dashboard knows it (null: no trainer, or one not known yet). */
  trainerName: z.string().nullable(),
  room: z.string(),
  capacity: z.number().int().min(1),
  /** Places taken: booked, and a place offered from the waitlist while its confirmation is open. */
  booked: z.number().int().min(0),
  waitlist: z.number().int().min(0),
  cancelled: z.boolean(),
});
export type TodaysClass = z.infer<typeof TodaysClass>;
export const TodaysClasses = z.object({
  /** Whether the organization's plan includes class scheduling (false: the screen leaves the card out). */
  included: z.boolean(),
  /** Local date ("today") of the first location in scope. */
  date: z.iso.date(),
  /** Each location's today (its own zone), by start time. */
  classes: z.array(TodaysClass),
});
export type TodaysClasses = z.infer<typeof TodaysClasses>;

export const SearchKind = z.enum(['member', 'trainer', 'payment']);
export type SearchKind = z.infer<typeof SearchKind>;
export const DashboardSearchQuery = z.object({
  q: Text('Search').trim().min(1, 'Type something to search for').max(100, 'Search must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const SearchResult = z.object({
  kind: SearchKind,
  id: z.uuid(),
  /** Name of the member or trainer; for a payment the member's name. */
  title: z.string(),
  /** Phone and email, or the payment's invoice number and amount. */
  subtitle: z.string(),
  locationId: z.uuid().nullable(),
  /** The detail page in the web app, e.g. /dashboard/members/{id}. */
  href: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const DashboardSearch = z.object({ query: z.string(), results: z.array(SearchResult) });
export type DashboardSearch = z.infer<typeof DashboardSearch>;

export const AuditArea = z.enum(['members', 'trainers', 'attendance', 'payments', 'auth', 'inventory', 'scheduling']);
export type AuditArea = z.infer<typeof AuditArea>;
const AuditFrom = DateWithin('From date', '2026-11-01', { yearsBack: 10, yearsAhead: 1 });
const AuditTo = DateWithin('To date', '2026-11-30', { yearsBack: 10, yearsAhead: 1 });
const AuditFilter = z.object({
  /** The person who acted (the event's actor). */
  actorId: z.uuid({ message: 'Not a valid person' }).optional(),
  area: AuditArea.optional(),
  from: AuditFrom.optional(),
  to: AuditTo.optional(),
});
const toAfterFrom = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.to >= q.from;
const TO_AFTER_FROM = { message: 'To date must be on or after the from date', path: ['to'] };
export const AuditQuery = AuditFilter.extend(PageQuery.shape)
  .extend({ limit: z.coerce.number().int().min(1).max(100).default(25) })
  .refine(toAfterFrom, TO_AFTER_FROM);
export const AuditExportQuery = AuditFilter.refine(toAfterFrom, TO_AFTER_FROM);

/** The audit's person filter, by name: whoever acted in the organization (staff) and its members and trainers. */
export const AuditPeopleQuery = z.object({
  q: Text('Name').trim().min(1, 'Type part of a name').max(100, 'Name must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const AuditPerson = z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['staff', 'member', 'trainer']) });
export type AuditPerson = z.infer<typeof AuditPerson>;
export const AuditPeople = z.object({ people: z.array(AuditPerson) });

export const AuditEntry = z.object({
  eventId: z.uuid(),
  occurredAt: IsoDateTime,
  area: AuditArea,
  /** The event type, e.g. members.member_registered. */
  type: z.string(),
  actorId: z.uuid().nullable(),
  /** The actor's name as the dashboard knows it, else null. */
  actorName: z.string().nullable(),
  locationId: z.uuid().nullable(),
  /** What was changed (the event's aggregate id: a member, trainer, session or payment). */
  subjectId: z.string(),
  /** The subject's name when known. */
  subjectName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({
  items: z.array(AuditEntry),
  pagination: z.object({ page: z.number().int().min(1), limit: z.number().int().min(1), total: z.number().int().min(0), totalPages: z.number().int().min(0) }),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** Live pushes over the notifications hub's socket (staff sockets, one room per location). */
export const DASHBOARD_SOCKET_EVENTS = {
  /** The dashboard's figures of a location changed: refetch the overview. */
  changed: 'dashboard:changed',
} as const;
export const DashboardChanged = z.object({ locationId: z.uuid().nullable(), area: AuditArea });
export type DashboardChanged = z.infer<typeof DashboardChanged>;

export const dashboardRoutes = {
  overview: route({
    method: 'GET',
    path: '/dashboard/overview',
    query: DashboardOverviewQuery,
    responses: { 200: ok(DashboardOverview), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'reports', access: 'read' },
    summary:
      "The whole dashboard screen in one call: stat cards with their change, counters, quick-action badges, recent activity, owners' per-location breakdown.",
    description: 'Read from the dashboard projection of the other services\' events. "Today" and "this month" are in each location\'s time zone.',
  }),
  todaysClasses: route({
    method: 'GET',
    path: '/dashboard/classes/today',
    query: TodaysClassesQuery,
    responses: { 200: ok(TodaysClasses), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: STAFF,
    summary: "Today's classes of the caller's locations (each location's day in its own zone) with their occupancy: booked of capacity, waitlist, cancelled.",
    description: "Read from the dashboard's projection of scheduling's events. `included` is false when the organization's plan lacks class scheduling.",
  }),
  search: route({
    method: 'GET',
    path: '/dashboard/search',
    query: DashboardSearchQuery,
    responses: { 200: ok(DashboardSearch), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin', 'trainer'],
    summary: "Global search of members, trainers and payments by name, phone, email, invoice number or amount, in the caller's locations.",
    description: 'Trainers find members and trainers of their locations, not payments.',
  }),
  audit: route({
    method: 'GET',
    path: '/dashboard/audit',
    query: AuditQuery,
    responses: { 200: ok(AuditPage), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: "The organization's audit trail, newest first: one line per event (who, what, when, which event), filtered and paged.",
  }),
  auditPeople: route({
    method: 'GET',
    path: '/dashboard/audit/people',
    query: AuditPeopleQuery,
    responses: { 200: ok(AuditPeople), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: "The audit trail's person picker: people of the organization whose name holds every word typed, nearest first.",
    description: 'Staff who acted (from the trail), members and trainers (from the search projection); the whole organization, as the trail.',
  }),
  auditExport: route({
    method: 'GET',
    path: '/dashboard/audit/export',
    query: AuditExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: 'The audit trail with the same filters as a CSV download (at most 50,000 lines).',
    description: 'Content-Type text/csv with Content-Disposition attachment; filename="audit-<date>.csv".',
  }),
} as const;
