import { MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { addActivity, addStatusChange, personById, updatePerson, upsertActor, upsertPerson } from '../db/read-model-repo.ts';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type Data<K extends keyof typeof MemberEvents> = (typeof MemberEvents)[K] extends { data: { parse: (v: unknown) => infer T } } ? T : never;
const at = (env: EventEnvelope<unknown>) => new Date(env.occurredAt);
const name = (p: { firstName: string; lastName: string }) => `${p.firstName.trim()} ${p.lastName.trim()}`.trim();

/** A member's new status: the current row, the dated change (for "one month ago"), and the figures moved. */
const statusTo = async (trx: Trx, env: EventEnvelope<{ memberId: string }>, o: ApplyOptions, status: string, extra: { membership_type?: string } = {}) => {
  await updatePerson(trx, env.data.memberId, at(env), { status, ...extra });
  const person = await personById(trx, env.data.memberId);
  const locationId = env.locationId ?? person?.location_id;
  if (!locationId) return;
  await addStatusChange(trx, {
    event_id: env.eventId,
    org_id: env.orgId,
    location_id: locationId,
    kind: 'member',
    person_id: env.data.memberId,
    status,
    at: at(env),
  });
  await figuresChanged(trx, env, o, 'members', locationId);
};

const joined = async (trx: Trx, env: EventEnvelope<Data<'MemberSignedUp'> & { membershipType?: string }>, o: ApplyOptions, status: 'active' | 'pending') => {
  const d = env.data;
  await upsertPerson(trx, {
    id: d.memberId,
    kind: 'member',
    org_id: env.orgId,
    location_id: d.locationId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    status,
    membership_type: d.membershipType ?? null,
    registered_at: at(env),
    updated_at: at(env),
  });
  await upsertActor(trx, { user_id: d.memberId, org_id: env.orgId, name: name(d) });
  await addStatusChange(trx, {
    event_id: env.eventId,
    org_id: env.orgId,
    location_id: d.locationId,
    kind: 'member',
    person_id: d.memberId,
    status,
    at: at(env),
  });
  await addActivity(trx, {
    event_id: env.eventId,
    org_id: env.orgId,
    location_id: d.locationId,
    kind: 'member',
    at: at(env),
    person_id: d.memberId,
    name: name(d),
    amount_paise: null,
    detail: d.membershipType ?? null,
  });
  await figuresChanged(trx, env, o, 'members', d.locationId);
};

/** The members topic: people for the search, statuses for Active Members, new members for Recent Activity, audit. */
export const memberHandlers = (o: ApplyOptions) =>
  handlersFor('members', MemberEvents, {
    [MemberEvents.MemberRegistered.type]: (trx, env: EventEnvelope<Data<'MemberRegistered'>>) => joined(trx, env, o, 'active'),
    [MemberEvents.MemberSignedUp.type]: (trx, env: EventEnvelope<Data<'MemberSignedUp'>>) => joined(trx, env, o, 'pending'),
    [MemberEvents.MembershipRenewed.type]: (trx, env: EventEnvelope<Data<'MembershipRenewed'>>) =>
      statusTo(trx, env, o, 'active', { membership_type: env.data.term.membershipType }),
    [MemberEvents.MembershipFrozen.type]: (trx, env: EventEnvelope<Data<'MembershipFrozen'>>) => statusTo(trx, env, o, 'frozen'),
    [MemberEvents.MembershipUnfrozen.type]: (trx, env: EventEnvelope<Data<'MembershipUnfrozen'>>) => statusTo(trx, env, o, 'active'),
    [MemberEvents.MembershipExpired.type]: (trx, env: EventEnvelope<Data<'MembershipExpired'>>) => statusTo(trx, env, o, 'expired'),
    [MemberEvents.MembershipCancelled.type]: (trx, env: EventEnvelope<Data<'MembershipCancelled'>>) => statusTo(trx, env, o, 'cancelled'),
    [MemberEvents.MemberArchived.type]: (trx, env: EventEnvelope<Data<'MemberArchived'>>) => statusTo(trx, env, o, 'archived'),
    [MemberEvents.MemberProfileChanged.type]: async (trx, env: EventEnvelope<Data<'MemberProfileChanged'>>) => {
      const d = env.data;
      await updatePerson(trx, d.memberId, at(env), { first_name: d.firstName, last_name: d.lastName, email: d.email, phone: d.phone });
      await upsertActor(trx, { user_id: d.memberId, org_id: env.orgId, name: name(d) });
    },
  });
