import { SchedulingEvents, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { addClass, changeClass, classCancelled, offered, placeGivenUp, placeTaken, promoted, waitlistJoined } from '../db/classes-repo.ts';
import { announceChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type Data<K extends keyof typeof SchedulingEvents> = (typeof SchedulingEvents)[K] extends { data: z.ZodType<infer T> } ? T : never;

/** After a class moved: the staff screens of its location refetch Today's Classes (no new overview version: it is not in it). */
const changed = async (trx: Trx, env: EventEnvelope<unknown>, o: ApplyOptions, row: { location_id: string } | undefined) => {
  if (row) await announceChanged(trx, [{ env, locationId: row.location_id }], o, 'scheduling');
};

/**
 * The scheduling topic: one row per class for Today's Classes (time, place, trainer, capacity, places taken, waitlist,
 * cancelled) and an audit line per event. A class's events arrive in order (keyed by class) and the inbox applies each
 * once, so the counts move by one per event; every write is scoped to the event's organization.
 */
export const schedulingHandlers = (o: ApplyOptions) =>
  handlersFor('scheduling', SchedulingEvents, {
    [SchedulingEvents.ClassScheduled.type]: async (trx, env: EventEnvelope<Data<'ClassScheduled'>>) => {
      const d = env.data;
      await addClass(trx, {
        class_id: d.classId,
        org_id: env.orgId,
        location_id: d.locationId,
        name: d.className,
        starts_at: new Date(d.startsAt),
        ends_at: new Date(d.endsAt),
        trainer_id: d.trainerId,
        room: d.room,
        capacity: d.capacity,
      });
      await changed(trx, env, o, { location_id: d.locationId });
    },
    [SchedulingEvents.ClassChanged.type]: async (trx, env: EventEnvelope<Data<'ClassChanged'>>) => {
      const d = env.data;
      const set = {
        ...(d.startsAt !== undefined ? { starts_at: new Date(d.startsAt) } : {}),
        ...(d.endsAt !== undefined ? { ends_at: new Date(d.endsAt) } : {}),
        ...(d.capacity !== undefined ? { capacity: d.capacity } : {}),
        ...(d.trainerId !== undefined ? { trainer_id: d.trainerId } : {}),
        ...(d.room !== undefined ? { room: d.room } : {}),
      };
      if (Object.keys(set).length > 0) await changed(trx, env, o, await changeClass(trx, env.orgId, d.classId, set));
    },
    [SchedulingEvents.ClassBooked.type]: async (trx, env: EventEnvelope<Data<'ClassBooked'>>) =>
      changed(trx, env, o, await placeTaken(trx, env.orgId, env.data.classId)),
    [SchedulingEvents.MemberWaitlisted.type]: async (trx, env: EventEnvelope<Data<'MemberWaitlisted'>>) =>
      changed(trx, env, o, await waitlistJoined(trx, env.orgId, env.data.classId)),
    [SchedulingEvents.BookingCancelled.type]: async (trx, env: EventEnvelope<Data<'BookingCancelled'>>) =>
      changed(trx, env, o, await placeGivenUp(trx, env.orgId, env.data.classId, env.data.memberId, env.data.from)),
    [SchedulingEvents.WaitlistPromoted.type]: async (trx, env: EventEnvelope<Data<'WaitlistPromoted'>>) =>
      changed(trx, env, o, await promoted(trx, env.orgId, env.data.classId, env.data.memberId)),
    [SchedulingEvents.PromotionOffered.type]: async (trx, env: EventEnvelope<Data<'PromotionOffered'>>) =>
      changed(trx, env, o, await offered(trx, env.orgId, env.data.classId, env.data.memberId, new Date(env.data.expiresAt))),
    [SchedulingEvents.ClassCancelled.type]: async (trx, env: EventEnvelope<Data<'ClassCancelled'>>) =>
      changed(trx, env, o, await classCancelled(trx, env.orgId, env.data.classId)),
    // class_full and class_closed change nothing the card shows: their audit lines only.
  });
