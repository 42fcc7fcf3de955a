import { schedulingEventRoutes as r, type EventBody, type EventPatch } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CancelEventBody } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/*
 * The events screens' reads and writes, one function per endpoint of contracts/src/http/scheduling-events.ts. Every key
 * is under ['scheduling', 'events'], so a write refreshes the lists, the event, its attendees and the member's tickets.
 */
export const eventKeys = {
  all: ['scheduling', 'events'] as const,
  list: (locationId: string | null, includePast: boolean) => ['scheduling', 'events', 'list', locationId, includePast] as const,
  detail: (id: string) => ['scheduling', 'events', 'detail', id] as const,
  attendees: (id: string) => ['scheduling', 'events', 'attendees', id] as const,
  myTickets: ['scheduling', 'events', 'my-tickets'] as const,
};

/** While a paid ticket waits (for payments to make its payment, or for the capture to confirm it), read again every 3 s. */
const PENDING_POLL_MS = 3_000;

export const eventsQueryOptions = (locationId: string | null, includePast: boolean) =>
  queryOptions({
    queryKey: eventKeys.list(locationId, includePast),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.listEvents.responses[200],
        await callRoute(r.listEvents, { query: { locationId: locationId ?? undefined, includePast: String(includePast) }, signal }),
        'GET /scheduling/events',
      ).data.events,
  });
export const useEvents = (locationId: string | null, includePast = false) =>
  useQuery({
    ...eventsQueryOptions(locationId, includePast),
    refetchInterval: (q) => (q.state.data?.some((e) => e.myTicket?.status === 'pending') ? PENDING_POLL_MS : false),
  });

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async ({ signal }) =>
      parseResponse(r.getEvent.responses[200], await callRoute(r.getEvent, { params: { id }, signal }), 'GET /scheduling/events/:id').data,
  });
export const useEvent = (id: string) => useQuery(eventQueryOptions(id));

export const attendeesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.attendees(id),
    queryFn: async ({ signal }) =>
      parseResponse(r.attendees.responses[200], await callRoute(r.attendees, { params: { id }, signal }), 'GET /scheduling/events/:id/attendees').data
        .attendees,
  });
export const useAttendees = (id: string) => useQuery(attendeesQueryOptions(id));

export const myTicketsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.myTickets,
    queryFn: async ({ signal }) =>
      parseResponse(r.myTickets.responses[200], await callRoute(r.myTickets, { query: { includePast: 'false' }, signal }), 'GET /scheduling/my-tickets').data
        .tickets,
  });
export const useMyTickets = () =>
  useQuery({
    ...myTicketsQueryOptions(),
    refetchInterval: (q) => (q.state.data?.some((x) => x.ticket.status === 'pending') ? PENDING_POLL_MS : false),
  });

// Writes.
export type EventInput = z.input<typeof EventBody>;
export type EventPatchInput = z.input<typeof EventPatch>;
export type CancelEventInput = z.input<typeof CancelEventBody>;

export async function createEvent(body: EventInput) {
  return parseResponse(r.createEvent.responses[201], await callRoute(r.createEvent, { body }), 'POST /scheduling/events').data;
}
export async function editEvent({ id, body }: { id: string; body: EventPatchInput }) {
  return parseResponse(r.editEvent.responses[200], await callRoute(r.editEvent, { params: { id }, body }), 'PATCH /scheduling/events/:id').data;
}
export async function cancelEvent({ id, body }: { id: string; body: CancelEventInput }) {
  return parseResponse(r.cancelEvent.responses[200], await callRoute(r.cancelEvent, { params: { id }, body }), 'POST /scheduling/events/:id/cancel').data;
}
export async function markEventAttended({ id, memberId }: { id: string; memberId: string }) {
  return parseResponse(
    r.markEventAttended.responses[200],
    await callRoute(r.markEventAttended, { params: { id }, body: { memberId } }),
    'POST /scheduling/events/:id/attendance',
  ).data;
}
export async function takeTicket(id: string) {
  return parseResponse(r.takeTicket.responses[201], await callRoute(r.takeTicket, { params: { id } }), 'POST /scheduling/events/:id/tickets').data;
}
export async function cancelTicket(id: string) {
  return parseResponse(r.cancelTicket.responses[200], await callRoute(r.cancelTicket, { params: { id } }), 'DELETE /scheduling/events/:id/ticket').data;
}

/** A write of the events screens: everything under ['scheduling', 'events'] is read again once it succeeds. */
const useEventMutation = <TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) => useRefreshingMutation(fn, eventKeys.all);

export const useCreateEvent = () => useEventMutation(createEvent);
export const useEditEvent = () => useEventMutation(editEvent);
export const useCancelEvent = () => useEventMutation(cancelEvent);
export const useMarkEventAttended = () => useEventMutation(markEventAttended);
export const useTakeTicket = () => useEventMutation(takeTicket);
export const useCancelTicket = () => useEventMutation(cancelTicket);
