import { MemberEvents, type EventEnvelope } from '@akhada/contracts';
import { addActivity, addStatusChange, memberPeople, personById, upsertActor } from '../db/read-model-repo.ts';
import { figuresChanged, handlersFor, type ApplyOptions, type Trx } from './record.ts';

type Data<K extends keyof typeof MemberEvents> = (typeof MemberEvents)[K] extends { data: { parse: (v: unknown) => infer T } } ? T : never;
const at = (env: EventEnvelope<unknown>) => new Date(env.occurredAt);
const name = (p: { firstName: string; lastName: string }) => `${p.firstName.trim()} ${p.lastName.trim()}`.trim();

/** A member's new status (the kit's copy says which): the current row, the dated change (for "one month ago"), and the figures moved. */
const statusTo = async (trx: Trx, env: EventEnvelope<{ memberId: string }>, o: ApplyOptions) => {
  const status = (await memberPeople.apply(trx, env))?.set.status;
  if (!status) return;
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

/** A new member (registered by staff, active; or signed up with the gym's code, pending): the person, the actor, the dated status, the activity line. */
const joined = async (trx: Trx, env: EventEnvelope<Data<'MemberSignedUp'> & { membershipType?: string }>, o: ApplyOptions) => {
  const d = env.data;
  const status = (await memberPeople.apply(trx, env))!.set.status!;
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
    [MemberEvents.MemberRegistered.type]: (trx, env: EventEnvelope<Data<'MemberRegistered'>>) => joined(trx, env, o),
    [MemberEvents.MemberSignedUp.type]: (trx, env: EventEnvelope<Data<'MemberSignedUp'>>) => joined(trx, env, o),
    [MemberEvents.MembershipRenewed.type]: (trx, env: EventEnvelope<Data<'MembershipRenewed'>>) => statusTo(trx, env, o),
    [MemberEvents.MembershipFrozen.type]: (trx, env: EventEnvelope<Data<'MembershipFrozen'>>) => statusTo(trx, env, o),
    [MemberEvents.MembershipUnfrozen.type]: (trx, env: EventEnvelope<Data<'MembershipUnfrozen'>>) => statusTo(trx, env, o),
    [MemberEvents.MembershipExpired.type]: (trx, env: EventEnvelope<Data<'MembershipExpired'>>) => statusTo(trx, env, o),
    [MemberEvents.MembershipCancelled.type]: (trx, env: EventEnvelope<Data<'MembershipCancelled'>>) => statusTo(trx, env, o),
    [MemberEvents.MemberArchived.type]: (trx, env: EventEnvelope<Data<'MemberArchived'>>) => statusTo(trx, env, o),
    [MemberEvents.MemberProfileChanged.type]: async (trx, env: EventEnvelope<Data<'MemberProfileChanged'>>) => {
      await memberPeople.apply(trx, env);
      await upsertActor(trx, { user_id: env.data.memberId, org_id: env.orgId, name: name(env.data) });
    },
  });
