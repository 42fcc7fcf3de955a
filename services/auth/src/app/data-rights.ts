import { AuthEvents, DataRightsEvents, type ConsentRecord, type DataRequest, type DataRequestType } from '@akhada/contracts';
import { conflict, isStaff, isUniqueViolation, metadataOf, newId, notFound, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { closeDataRequest, consentHistoryOf, findDataRequest, insertDataRequest, listDataRequests, type DataRequestRow } from '../db/data-rights-repo.ts';
import { deleteProfilePicture, findProfilePicture } from '../db/profile-pictures-repo.ts';
import { revokeSessionsOf } from '../db/sessions-repo.ts';
import { revocationCutoff } from '../domain/rules.ts';
import type { AuthDeps } from './deps.ts';

type Deps = Pick<AuthDeps, 'db' | 'clock'>;
const NOT_FOUND = () => notFound('Request not found');

const toRecord = (r: {
  id: string;
  purpose: ConsentRecord['purpose'];
  granted: boolean;
  channel: ConsentRecord['channel'];
  recorded_at: Date;
}): ConsentRecord => ({
  id: r.id,
  purpose: r.purpose,
  granted: r.granted,
  channel: r.channel,
  recordedAt: r.recorded_at.toISOString(),
});

export const toDataRequest = (r: DataRequestRow, now: Date): DataRequest => ({
  id: r.id,
  userId: r.user_id,
  requesterName: r.requester_name,
  type: r.type,
  details: r.details,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  dueAt: r.due_at.toISOString(),
  overdue: (r.status === 'open' || r.status === 'erasing') && r.due_at.getTime() < now.getTime(),
  closedAt: r.closed_at ? r.closed_at.toISOString() : null,
  note: r.note,
  erasedBy: r.erased_by as DataRequest['erasedBy'],
});

/** The caller's own consent history. */
export const myConsents = async ({ db }: Deps, ctx: RequestContext) => ({ records: (await consentHistoryOf(db, ctx.orgId, ctx.userId)).map(toRecord) });

/** A person's consent history for staff of their gym; a person of another gym is not found. */
export const personConsents = async ({ db }: Deps, ctx: RequestContext, userId: string) => {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).where('org_id', '=', ctx.orgId).executeTakeFirst();
  if (!user) throw notFound('Person not found');
  return { records: (await consentHistoryOf(db, ctx.orgId, userId)).map(toRecord) };
};

export const myDataRequests = async ({ db, clock }: Deps, ctx: RequestContext) => {
  const now = clock();
  return { requests: (await listDataRequests(db, ctx.orgId, ctx.userId)).map((r) => toDataRequest(r, now)) };
};

export const dataRequestQueue = async ({ db, clock }: Deps, ctx: RequestContext) => {
  const now = clock();
  return { requests: (await listDataRequests(db, ctx.orgId)).map((r) => toDataRequest(r, now)) };
};

/** A member sees only their own request; staff any of their gym's. Anything else is not found. */
export const getDataRequest = async ({ db, clock }: Deps, ctx: RequestContext, id: string) => {
  const row = await findDataRequest(db, ctx.orgId, id, isStaff(ctx) ? undefined : ctx.userId);
  if (!row) throw NOT_FOUND();
  return toDataRequest(row, clock());
};

const ALREADY_OPEN = () => conflict('REQUEST_OPEN', 'You already have an open request of this kind');

/** A member asks; due in 30 days; staff see it in the queue and the member is told it was received. */
export const createDataRequest = async ({ db, clock }: Deps, ctx: RequestContext, body: { type: DataRequestType; details: string }) => {
  const now = clock();
  const id = newId();
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', ctx.userId).executeTakeFirstOrThrow();
      await insertDataRequest(trx, {
        id,
        orgId: ctx.orgId,
        userId: ctx.userId,
        requesterName: `${user.first_name} ${user.last_name}`.trim(),
        type: body.type,
        details: body.details,
        email: user.email,
        now,
      });
      await publish(
        trx,
        DataRightsEvents.DataRequestChanged,
        id,
        { requestId: id, userId: ctx.userId, type: body.type, status: 'open', note: null },
        metadataOf(ctx),
        now,
      );
      const row = await findDataRequest(trx, ctx.orgId, id);
      return toDataRequest(row!, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'data_requests_one_open')) throw ALREADY_OPEN();
    throw err;
  }
};

/**
 * Staff decide an open request with a note. Rejecting closes it. Approving an access or correction request closes it
 * as done (the member's export and the member's edit screen are how it is carried out). Approving an erasure starts
 * it everywhere (auth.person_erasure_requested) and revokes the person's sessions; it completes when every service
 * has confirmed (see consumers/person-erased.ts).
 */
export const decideDataRequest = async (
  { db, clock, storage }: Deps & Pick<AuthDeps, 'storage'>,
  ctx: RequestContext,
  id: string,
  body: { decision: 'approve' | 'reject'; note: string },
) => {
  const now = clock();
  let pictureKey: string | undefined;
  const decided = await db.transaction().execute(async (trx) => {
    const row = await findDataRequest(trx, ctx.orgId, id, undefined, true);
    if (!row) throw NOT_FOUND();
    if (row.status !== 'open') throw conflict('REQUEST_CLOSED', 'This request has already been decided');
    const erasing = body.decision === 'approve' && row.type === 'erasure';
    const status = body.decision === 'reject' ? 'rejected' : erasing ? 'erasing' : 'completed';
    await closeDataRequest(trx, id, { status, note: body.note, decidedBy: ctx.userId, closedAt: erasing ? null : now });
    const meta = metadataOf(ctx);
    await publish(trx, DataRightsEvents.DataRequestChanged, id, { requestId: id, userId: row.user_id, type: row.type, status, note: body.note }, meta, now);
    if (erasing) {
      const user = await trx.selectFrom('users').select('role').where('id', '=', row.user_id).executeTakeFirst();
      await publish(
        trx,
        DataRightsEvents.PersonErasureRequested,
        row.user_id,
        {
          requestId: id,
          organizationId: ctx.orgId,
          userId: row.user_id,
          memberId: user?.role === 'member' ? row.user_id : null,
          trainerId: user?.role === 'trainer' ? row.user_id : null,
        },
        meta,
        now,
      );
      // The profile picture goes at once: its address is public (the app's lists load it without a token).
      const picture = await findProfilePicture(trx, row.user_id);
      if (picture) {
        pictureKey = picture.storage_key;
        await deleteProfilePicture(trx, row.user_id, ctx.orgId);
        await publish(trx, AuthEvents.UserAvatarChanged, row.user_id, { userId: row.user_id, avatarUrl: null }, meta, now);
      }
      await revokeSessionsOf(trx, row.user_id, now);
      await publish(
        trx,
        AuthEvents.UserSessionsRevoked,
        row.user_id,
        { userId: row.user_id, before: revocationCutoff(now).toISOString(), exceptSessionId: null },
        meta,
        now,
      );
    }
    return toDataRequest((await findDataRequest(trx, ctx.orgId, id))!, now);
  });
  if (pictureKey) await storage.remove(pictureKey).catch(() => undefined);
  return decided;
};
