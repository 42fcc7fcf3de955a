import { FeedbackEvents, topicOf } from '@akhada/contracts';
import { enqueue, makeEnvelope, type StoredEvent } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { FeedbackDb } from '../db/schema.ts';
import type { TicketEvent } from '../domain/ticket/decider.ts';

type Trx = Transaction<FeedbackDb>;

/** The feedback read table, in step with the ticket streams (inline, same transaction). */
export const projectTickets = async (trx: Trx, stored: StoredEvent<TicketEvent>): Promise<void> => {
  const { event, streamVersion: version } = stored;
  const id = event.data.feedbackId;
  const step = (set: Record<string, unknown>, at: string) =>
    trx
      .updateTable('feedback')
      .set({ ...set, updated_at: new Date(at), version })
      .where('id', '=', id)
      .where('version', '<', version)
      .execute();
  switch (event.type) {
    case 'FeedbackSubmitted': {
      const d = event.data;
      await trx
        .insertInto('feedback')
        .values({
          id,
          org_id: d.orgId,
          location_id: d.locationId,
          type: d.type,
          rating: d.rating,
          title: d.title,
          description: d.description,
          complaint_category: d.complaintCategory,
          priority: d.priority,
          is_anonymous: d.isAnonymous,
          emoji: d.emoji,
          tags: JSON.stringify(d.tags) as never,
          status: 'open',
          author_id: d.authorId,
          author_name: d.authorName,
          author_key: d.authorKey,
          trainer_id: d.trainerId,
          assigned_to: null,
          responses: '[]' as never,
          first_responded_at: null,
          settled_at: null,
          resolved_at: null,
          archived_at: null,
          created_at: new Date(d.submittedAt),
          updated_at: new Date(d.submittedAt),
          version,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      if (d.trainerId) await publishTrainerRating(trx, d.orgId, d.trainerId, stored);
      return;
    }
    case 'FeedbackResponded': {
      const r = { message: event.data.message, byId: event.data.byId, byName: event.data.byName, at: event.data.at };
      await step(
        {
          responses: sql`responses || ${JSON.stringify([r])}::jsonb`,
          first_responded_at: sql`coalesce(first_responded_at, ${new Date(r.at)}::timestamptz)`,
        },
        r.at,
      );
      return;
    }
    case 'FeedbackStatusChanged': {
      const d = event.data;
      const settled = d.to === 'resolved' || d.to === 'closed';
      await step(
        {
          status: d.to,
          settled_at: settled ? new Date(d.at) : null,
          ...(d.to === 'resolved' ? { resolved_at: new Date(d.at) } : d.to === 'open' ? { resolved_at: null } : {}),
        },
        d.at,
      );
      return;
    }
    case 'FeedbackAssigned':
      await step({ assigned_to: event.data.assigneeId }, event.data.at);
      return;
    case 'FeedbackArchived': {
      await step({ archived_at: new Date(event.data.at) }, event.data.at);
      const row = await trx.selectFrom('feedback').select(['org_id', 'trainer_id']).where('id', '=', id).executeTakeFirst();
      if (row?.trainer_id) await publishTrainerRating(trx, row.org_id, row.trainer_id, stored);
      return;
    }
  }
};

/** The trainer's rating as it now is (non-archived trainer tickets), announced to trainers with a growing version. */
const publishTrainerRating = async (trx: Trx, orgId: string, trainerId: string, cause: StoredEvent<TicketEvent>): Promise<void> => {
  const agg = await trx
    .selectFrom('feedback')
    .select((eb) => [eb.fn.avg<string | number | null>('rating').as('avg'), eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('trainer_id', '=', trainerId)
    .where('type', '=', 'trainer')
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  const next = await trx
    .insertInto('trainer_ratings')
    .values({ trainer_id: trainerId, org_id: orgId, version: 1 })
    .onConflict((oc) => oc.column('trainer_id').doUpdateSet({ version: sql`trainer_ratings.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  const n = Number(agg.n);
  const average = n === 0 ? 0 : Math.round(Number(agg.avg) * 100) / 100;
  const { actorId: _actor, eventId: _id, ...meta } = cause.metadata;
  await enqueue(
    trx,
    topicOf('feedback'),
    makeEnvelope(FeedbackEvents.TrainerRatingChanged, {
      ...meta,
      aggregateId: trainerId,
      occurredAt: cause.recordedAt.toISOString(),
      data: { trainerId, average, count: n, asOfVersion: next.version },
    }),
  );
};
