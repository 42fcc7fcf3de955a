import { DataRightsEvents, type EventEnvelope } from '@akhada/contracts';
import { metadataOf, on, type EventHandler } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { publish } from '../db/auth-events.ts';
import { closeDataRequest, eraseUser, findDataRequest, markErasedBy } from '../db/data-rights-repo.ts';
import type { AuthDb } from '../db/schema.ts';

const { ERASING_SERVICES, PersonErased, DataRequestChanged } = DataRightsEvents;

/**
 * A service confirmed an erasure (`<service>.person_erased`). Once every service in ERASING_SERVICES has, auth erases
 * its own copy of the person (the account keeps only its id), marks the request completed and announces it:
 * notifications tells the staff; the member is told by email at the address kept on the request (see the note in the
 * report: the mail goes through notifications' email channel with `notifyEmail`).
 */
const handle = async (trx: Transaction<AuthDb>, env: EventEnvelope<DataRightsEvents.PersonErasedData>) => {
  const { requestId, organizationId, userId, service } = env.data;
  if (organizationId !== env.orgId) return;
  const request = await findDataRequest(trx, organizationId, requestId, userId, true);
  if (!request || request.status !== 'erasing') return;
  const at = new Date(env.occurredAt);
  const done = await markErasedBy(trx, requestId, service, at);
  if (!ERASING_SERVICES.every((s) => done.includes(s))) return;
  await eraseUser(trx, userId);
  await closeDataRequest(trx, requestId, { status: 'completed', closedAt: at });
  await publish(trx, DataRequestChanged, requestId, { requestId, userId, type: 'erasure', status: 'completed', note: request.note }, metadataOf(env), at);
};

/** One handler per service topic (auth's consumer groups are one per topic). */
export const personErasedHandler = (service: DataRightsEvents.ErasingService): EventHandler<AuthDb> => on(PersonErased[service], handle);
