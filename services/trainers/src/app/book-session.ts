import type { BookSessionBody, TrainingSession } from '@akhada/contracts';
import { newId, type RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import { isCurrentClient } from '../db/clients-repo.ts';
import { toSession } from '../views/trainer-view.ts';
import { commandTrainer } from './command-trainer.ts';
import type { TrainersDeps } from './deps.ts';
import { requireSelfOrStaff } from './trainer-access.ts';

/**
 * Staff, or the trainer themself, book a session with one of the trainer's current clients. The decider refuses a
 * member who is not a current client and a time that overlaps another of the trainer's sessions (409).
 */
export const bookSession = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  body: z.infer<typeof BookSessionBody>,
): Promise<TrainingSession> => {
  const client = await isCurrentClient(deps.db, { orgId: ctx.orgId, trainerId: id, memberId: body.memberId });
  const sessionId = newId();
  const { events } = await commandTrainer(
    deps,
    ctx,
    id,
    () => ({
      type: 'BookSession',
      data: {
        sessionId,
        memberId: body.memberId,
        memberName: client ? `${client.first_name} ${client.last_name}`.trim() : '',
        isCurrentClient: client !== undefined,
        startsAt: new Date(body.startsAt).toISOString(),
        durationMinutes: body.durationMinutes,
        notes: body.notes || null,
        bookedAt: deps.clock().toISOString(),
      },
    }),
    { authorize: (row) => requireSelfOrStaff(ctx, row.id, 'Trainers can book only their own sessions') },
  );
  const booked = events.find((e) => e.event.type === 'SessionBooked');
  if (booked?.event.type !== 'SessionBooked') throw new Error(`booking session ${sessionId} appended no SessionBooked event`);
  const d = booked.event.data;
  return toSession({
    id: d.sessionId,
    trainer_id: id,
    org_id: ctx.orgId,
    member_id: d.memberId,
    member_name: d.memberName,
    starts_at: new Date(d.startsAt),
    duration_minutes: d.durationMinutes,
    notes: d.notes,
  });
};
