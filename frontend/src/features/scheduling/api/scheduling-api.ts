import { memberRoutes, schedulingAppointmentRoutes as pt, schedulingRoutes as r, trainersRoutes, type ClassCategory } from '@akhada/contracts';
import type { BookAppointmentBody, CancelClassBody, OneOffBody, SchedulingSettingsBody, SeriesBody, ClassTypeBody, ClassTypePatch } from '@akhada/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/*
 * The scheduling screens' reads and writes, one function per endpoint of contracts/src/http/scheduling.ts. Every key is
 * under ['scheduling'], so a write refreshes the timetable, the class, the bookings and the class types at once.
 */
export const schedulingKeys = {
  all: ['scheduling'] as const,
  timetable: (p: TimetableParams) => ['scheduling', 'timetable', p] as const,
  classTypes: ['scheduling', 'class-types'] as const,
  settings: (locationId: string) => ['scheduling', 'settings', locationId] as const,
  detail: (id: string) => ['scheduling', 'class', id] as const,
  myBookings: (includePast: boolean) => ['scheduling', 'my-bookings', includePast] as const,
  trainers: (locationId: string | null) => ['scheduling', 'trainers', locationId] as const,
  trainerMe: ['scheduling', 'trainer-me'] as const,
  memberTrainer: ['scheduling', 'member-trainer'] as const,
  bookableTrainers: ['scheduling', 'bookable-trainers'] as const,
  myCalendar: ['scheduling', 'my-calendar'] as const,
  freeSlots: (trainerId: string, durationMinutes: number) => ['scheduling', 'free-slots', trainerId, durationMinutes] as const,
  appointments: (p: AppointmentParams) => ['scheduling', 'appointments', p] as const,
};

/** Whose appointments: the server scopes them by role (a member's own, a trainer's own, staff's locations). */
export interface AppointmentParams {
  from?: string;
  to?: string;
  trainerId?: string;
  locationId?: string;
}

export interface TimetableParams {
  locationId: string;
  /** Any day of the wanted week; undefined = this week in the location's zone. */
  week?: string;
  category?: ClassCategory;
  trainerId?: string;
}

/**
 * How often a member's screens look again while they are visible. A change of their place reaches them at once as a
 * pushed notification (lib/use-live-scheduling); the poll is the fallback: slow while the hub's socket is connected
 * (other members' bookings move the places left), quick while it is not (no push can arrive).
 */
export const LIVE_REFRESH_MS = { pushed: 30_000, polled: 4_000 } as const;
const refreshEvery = (pushed: boolean) => (pushed ? LIVE_REFRESH_MS.pushed : LIVE_REFRESH_MS.polled);

export const timetableQueryOptions = (p: TimetableParams) =>
  queryOptions({
    queryKey: schedulingKeys.timetable(p),
    queryFn: async ({ signal }) =>
      parseResponse(r.timetable.responses[200], await callRoute(r.timetable, { query: { ...p }, signal }), 'GET /scheduling/timetable').data,
  });
/** `live`: read again while visible (a member's Book a class); `pushed`: the hub's socket is connected (slow poll). */
export const useTimetable = (p: TimetableParams | null, opts: { live?: boolean; pushed?: boolean } = {}) =>
  useQuery({
    ...timetableQueryOptions(p ?? { locationId: '' }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
    refetchInterval: opts.live ? refreshEvery(opts.pushed ?? false) : false,
  });

export const classTypesQueryOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.classTypes,
    queryFn: async ({ signal }) =>
      parseResponse(r.listClassTypes.responses[200], await callRoute(r.listClassTypes, { signal }), 'GET /scheduling/class-types').data,
  });
export const useClassTypes = () => useQuery(classTypesQueryOptions());

export const settingsQueryOptions = (locationId: string) =>
  queryOptions({
    queryKey: schedulingKeys.settings(locationId),
    queryFn: async ({ signal }) =>
      parseResponse(r.getSettings.responses[200], await callRoute(r.getSettings, { query: { locationId }, signal }), 'GET /scheduling/settings').data,
  });
export const useSchedulingSettings = (locationId: string | null) => useQuery({ ...settingsQueryOptions(locationId ?? ''), enabled: !!locationId });

export const classDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: schedulingKeys.detail(id),
    queryFn: async ({ signal }) =>
      parseResponse(r.getClass.responses[200], await callRoute(r.getClass, { params: { id }, signal }), 'GET /scheduling/classes/:id').data,
  });
export const useClassDetail = (id: string, opts: { enabled?: boolean } = {}) => useQuery({ ...classDetailQueryOptions(id), enabled: opts.enabled ?? true });

export const myBookingsQueryOptions = (includePast: boolean) =>
  queryOptions({
    queryKey: schedulingKeys.myBookings(includePast),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.myBookings.responses[200],
        await callRoute(r.myBookings, { query: { includePast: String(includePast) }, signal }),
        'GET /scheduling/my-bookings',
      ).data.bookings,
  });
export const useMyBookings = (includePast: boolean, pushed = false) =>
  useQuery({ ...myBookingsQueryOptions(includePast), placeholderData: keepPreviousData, refetchInterval: refreshEvery(pushed) });

/** Whether the member has a calendar link, and since when (the link itself is shown only when it is made). */
export const myCalendarQueryOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.myCalendar,
    queryFn: async ({ signal }) => parseResponse(r.myCalendar.responses[200], await callRoute(r.myCalendar, { signal }), 'GET /scheduling/my-calendar').data,
  });
export const useMyCalendar = () => useQuery(myCalendarQueryOptions());

/** The trainers staff may put on a class (the trainers service's list; staff and trainers only). */
export const trainerOptionsQueryOptions = (locationId: string | null) =>
  queryOptions({
    queryKey: schedulingKeys.trainers(locationId),
    queryFn: async ({ signal }) =>
      parseResponse(
        trainersRoutes.list.responses[200],
        await callRoute(trainersRoutes.list, { query: { page: 1, limit: 100, locationId: locationId ?? undefined }, signal }),
        'GET /trainers',
      ).data.map((tr) => ({ id: tr._id, name: tr.fullName })),
    staleTime: 60_000,
  });
export const useTrainerOptions = (locationId: string | null, enabled = true) => useQuery({ ...trainerOptionsQueryOptions(locationId), enabled });

/** The signed-in trainer's own record (for their id on the timetable). */
export const trainerMeQueryOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.trainerMe,
    queryFn: async ({ signal }) => parseResponse(trainersRoutes.me.responses[200], await callRoute(trainersRoutes.me, { signal }), 'GET /trainers/me').data,
  });
export const useTrainerMe = () => useQuery(trainerMeQueryOptions());

/** A member's own trainer (GET /members/me): the one trainer a member can name, for the timetable's trainer filter. */
export const memberTrainerQueryOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.memberTrainer,
    queryFn: async ({ signal }) => {
      const me = parseResponse(memberRoutes.me.responses[200], await callRoute(memberRoutes.me, { signal }), 'GET /members/me').data;
      return me.trainer ? { id: me.trainer._id, name: `${me.trainer.user.firstName} ${me.trainer.user.lastName}`.trim() } : null;
    },
    staleTime: 60_000,
  });
export const useMemberTrainer = () => useQuery(memberTrainerQueryOptions());

/** The trainers the caller may book a session with (GET /scheduling/appointments/trainers): a member's own first. */
export const bookableTrainersQueryOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.bookableTrainers,
    queryFn: async ({ signal }) =>
      parseResponse(pt.trainers.responses[200], await callRoute(pt.trainers, { signal }), 'GET /scheduling/appointments/trainers').data.trainers,
    staleTime: 60_000,
  });
export const useBookableTrainers = () => useQuery(bookableTrainersQueryOptions());

/** A trainer's free slots of a length over the next 14 days (GET /scheduling/appointments/free-slots). */
export const freeSlotsQueryOptions = (trainerId: string, durationMinutes: number) =>
  queryOptions({
    queryKey: schedulingKeys.freeSlots(trainerId, durationMinutes),
    queryFn: async ({ signal }) =>
      parseResponse(
        pt.freeSlots.responses[200],
        await callRoute(pt.freeSlots, { query: { trainerId, durationMinutes }, signal }),
        'GET /scheduling/appointments/free-slots',
      ).data,
  });
export const useFreeSlots = (trainerId: string | null, durationMinutes: number) =>
  useQuery({ ...freeSlotsQueryOptions(trainerId ?? '', durationMinutes), enabled: !!trainerId, placeholderData: keepPreviousData });

/** Appointments from today on (GET /scheduling/appointments), soonest first. */
export const appointmentsQueryOptions = (p: AppointmentParams) =>
  queryOptions({
    queryKey: schedulingKeys.appointments(p),
    queryFn: async ({ signal }) =>
      parseResponse(pt.list.responses[200], await callRoute(pt.list, { query: { ...p }, signal }), 'GET /scheduling/appointments').data.appointments,
  });
export const useAppointments = (p: AppointmentParams = {}, opts: { refreshMs?: number } = {}) =>
  useQuery({ ...appointmentsQueryOptions(p), refetchInterval: opts.refreshMs ?? false });

// Writes.
export type ClassTypeInput = z.input<typeof ClassTypeBody>;
export type ClassTypePatchInput = z.input<typeof ClassTypePatch>;
export type SeriesInput = z.input<typeof SeriesBody>;
export type OneOffInput = z.input<typeof OneOffBody>;
export type SettingsInput = z.input<typeof SchedulingSettingsBody>;
export type CancelClassInput = z.input<typeof CancelClassBody>;
export type BookAppointmentInput = z.input<typeof BookAppointmentBody>;

export async function createClassType(body: ClassTypeInput) {
  return parseResponse(r.createClassType.responses[201], await callRoute(r.createClassType, { body }), 'POST /scheduling/class-types').data;
}
export async function updateClassType({ id, body }: { id: string; body: ClassTypePatchInput }) {
  return parseResponse(r.updateClassType.responses[200], await callRoute(r.updateClassType, { params: { id }, body }), 'PATCH /scheduling/class-types/:id')
    .data;
}
export async function archiveClassType(id: string) {
  return parseResponse(r.archiveClassType.responses[200], await callRoute(r.archiveClassType, { params: { id } }), 'DELETE /scheduling/class-types/:id');
}
export async function putSettings(body: SettingsInput) {
  return parseResponse(r.putSettings.responses[200], await callRoute(r.putSettings, { body }), 'PUT /scheduling/settings').data;
}
export async function createSeries(body: SeriesInput) {
  return parseResponse(r.createSeries.responses[201], await callRoute(r.createSeries, { body }), 'POST /scheduling/series').data;
}
export async function createClass(body: OneOffInput) {
  return parseResponse(r.createClass.responses[201], await callRoute(r.createClass, { body }), 'POST /scheduling/classes').data;
}
export async function cancelClass({ id, body }: { id: string; body: CancelClassInput }) {
  return parseResponse(r.cancelClass.responses[200], await callRoute(r.cancelClass, { params: { id }, body }), 'POST /scheduling/classes/:id/cancel').data;
}
export async function bookClass({ id, memberId }: { id: string; memberId?: string }) {
  return parseResponse(
    r.book.responses[201],
    await callRoute(r.book, { params: { id }, body: memberId ? { memberId } : {} }),
    'POST /scheduling/classes/:id/bookings',
  ).data;
}
export async function cancelBooking({ id, memberId }: { id: string; memberId: string }) {
  return parseResponse(
    r.cancelBooking.responses[200],
    await callRoute(r.cancelBooking, { params: { id, memberId } }),
    'DELETE /scheduling/classes/:id/bookings/:memberId',
  ).data;
}
export async function confirmPlace({ id, memberId }: { id: string; memberId: string }) {
  return parseResponse(
    r.confirmPlace.responses[200],
    await callRoute(r.confirmPlace, { params: { id, memberId } }),
    'POST /scheduling/classes/:id/bookings/:memberId/confirm',
  ).data;
}
export async function markAttended({ id, memberId }: { id: string; memberId: string }) {
  return parseResponse(
    r.markAttended.responses[200],
    await callRoute(r.markAttended, { params: { id }, body: { memberId } }),
    'POST /scheduling/classes/:id/attendance',
  ).data;
}
export async function bookAppointment(body: BookAppointmentInput) {
  return parseResponse(pt.book.responses[201], await callRoute(pt.book, { body }), 'POST /scheduling/appointments').data;
}
export async function cancelAppointment(id: string) {
  return parseResponse(pt.cancel.responses[200], await callRoute(pt.cancel, { params: { id } }), 'POST /scheduling/appointments/:id/cancel').data;
}
export async function markAppointmentAttended(id: string) {
  return parseResponse(pt.attended.responses[200], await callRoute(pt.attended, { params: { id } }), 'POST /scheduling/appointments/:id/attended').data;
}
export async function markAppointmentNoShow(id: string) {
  return parseResponse(pt.noShow.responses[200], await callRoute(pt.noShow, { params: { id } }), 'POST /scheduling/appointments/:id/no-show').data;
}
export async function makeCalendar() {
  return parseResponse(r.makeCalendar.responses[201], await callRoute(r.makeCalendar, {}), 'POST /scheduling/my-calendar').data;
}

/** A write of this feature: everything under ['scheduling'] is read again once it succeeds. */
const useSchedulingMutation = <TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) => useRefreshingMutation(fn, schedulingKeys.all);

export const useCreateClassType = () => useSchedulingMutation(createClassType);
export const useUpdateClassType = () => useSchedulingMutation(updateClassType);
export const useArchiveClassType = () => useSchedulingMutation(archiveClassType);
export const usePutSettings = () => useSchedulingMutation(putSettings);
export const useCreateSeries = () => useSchedulingMutation(createSeries);
export const useCreateClass = () => useSchedulingMutation(createClass);
export const useCancelClass = () => useSchedulingMutation(cancelClass);
export const useBookClass = () => useSchedulingMutation(bookClass);
export const useCancelBooking = () => useSchedulingMutation(cancelBooking);
export const useConfirmPlace = () => useSchedulingMutation(confirmPlace);
export const useMarkAttended = () => useSchedulingMutation(markAttended);
export const useBookAppointment = () => useSchedulingMutation(bookAppointment);
export const useCancelAppointment = () => useSchedulingMutation(cancelAppointment);
export const useMarkAppointmentAttended = () => useSchedulingMutation(markAppointmentAttended);
export const useMarkAppointmentNoShow = () => useSchedulingMutation(markAppointmentNoShow);
/** A new calendar link: only its own status is read again (the bookings did not change). */
export const useMakeCalendar = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: makeCalendar, onSuccess: () => void qc.invalidateQueries({ queryKey: schedulingKeys.myCalendar }) });
};
