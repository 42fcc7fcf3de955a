import { schedulingAppointmentRoutes as pt, type BookAppointmentBody } from '@akhada/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/*
 * Personal-training appointments are the scheduling service's (contracts/src/http/scheduling-appointments.ts): the
 * trainer's schedule panel books and cancels them there; the trainers service's schedule shows them a moment later
 * (it follows scheduling's events), so a write looks at the schedule again then.
 */
export type BookAppointmentInput = z.input<typeof BookAppointmentBody>;

/** GET /api/scheduling/appointments/free-slots: the trainer's free slots of a length over the next 14 days. */
export const trainerFreeSlotsQueryOptions = (trainerId: string, durationMinutes: number) =>
  queryOptions({
    queryKey: [...trainerKeys.schedule(trainerId), 'free-slots', durationMinutes] as const,
    queryFn: async ({ signal }) =>
      parseResponse(
        pt.freeSlots.responses[200],
        await callRoute(pt.freeSlots, { query: { trainerId, durationMinutes }, signal }),
        'GET /scheduling/appointments/free-slots',
      ).data,
  });
export const useTrainerFreeSlots = (trainerId: string, durationMinutes: number, enabled = true) =>
  useQuery({ ...trainerFreeSlotsQueryOptions(trainerId, durationMinutes), enabled });

/** POST /api/scheduling/appointments → 201 */
export async function bookAppointment(body: BookAppointmentInput) {
  return parseResponse(pt.book.responses[201], await callRoute(pt.book, { body }), 'POST /scheduling/appointments').data;
}
/** POST /api/scheduling/appointments/:id/cancel */
export async function cancelAppointment(id: string) {
  return parseResponse(pt.cancel.responses[200], await callRoute(pt.cancel, { params: { id } }), 'POST /scheduling/appointments/:id/cancel').data;
}

/** When to read the schedule again after a booking or a cancel (the trainers service follows scheduling's events). */
const FOLLOW_UP_MS = [700, 2_000, 5_000];

function useAppointmentMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trainerKeys.all });
      for (const ms of FOLLOW_UP_MS) setTimeout(() => void qc.invalidateQueries({ queryKey: trainerKeys.all }), ms);
    },
  });
}

export const useBookAppointment = () => useAppointmentMutation(bookAppointment);
export const useCancelAppointment = () => useAppointmentMutation(cancelAppointment);
