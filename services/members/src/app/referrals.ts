import type { EventEnvelope, MyReferral, ReferralSettings, ReferralSettingsBody } from '@akhada/contracts';
import { executeCommand, metadataOf, notFound, referralCodeOf, type Executor, type RequestContext } from '@akhada/kit';
import { paiseToRupees, rupeesToPaise } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { membershipAggregate } from '../aggregates/membership.ts';
import { findMemberInOrg } from '../db/members-repo.ts';
import type { MembersDb } from '../db/schema.ts';
import type { MembersDeps } from './deps.ts';

/** The gym's reward: free days and a credit in paise (no row: neither). */
const rewardOf = async (db: Executor<MembersDb>, orgId: string): Promise<{ days: number; creditPaise: number }> => {
  const row = await db.selectFrom('referral_settings').select(['reward_days', 'reward_credit_paise']).where('org_id', '=', orgId).executeTakeFirst();
  return { days: row?.reward_days ?? 0, creditPaise: row?.reward_credit_paise ?? 0 };
};

/**
 * The member of an organization whose code this is: the code is derived from the id, so the organization's members
 * are tried (a referred lead joining is rare, and a gym's members are thousands at most). Nothing is stored for it, so
 * reading one's own code writes nothing.
 */
const referrerOf = async (db: Executor<MembersDb>, orgId: string, code: string): Promise<string | undefined> =>
  (await db.selectFrom('members').select('id').where('org_id', '=', orgId).execute()).find((m) => referralCodeOf(m.id) === code)?.id;

/** The caller's referral code, the gym's reward and the rewards so far. A member who is archived or unknown has none. */
export const myReferral = async (deps: Pick<MembersDeps, 'db'>, ctx: RequestContext): Promise<MyReferral> => {
  const row = await findMemberInOrg(deps.db, ctx.orgId, ctx.userId);
  if (!row || row.membership_status === 'archived') throw notFound('Membership');
  const code = referralCodeOf(row.id);
  const rewards = await deps.db
    .selectFrom('referral_rewards')
    .select(['days', 'end_date', 'rewarded_at'])
    .where('member_id', '=', row.id)
    .where('org_id', '=', ctx.orgId)
    .orderBy('rewarded_at', 'desc')
    .execute();
  const credits = await deps.db
    .selectFrom('referral_credits')
    .select(['credit_paise', 'granted_at'])
    .where('member_id', '=', row.id)
    .where('org_id', '=', ctx.orgId)
    .orderBy('granted_at', 'desc')
    .execute();
  const reward = await rewardOf(deps.db, ctx.orgId);
  return {
    code,
    rewardDays: reward.days,
    rewardCredit: paiseToRupees(reward.creditPaise),
    rewards: rewards.map((r) => ({ days: r.days, endDate: String(r.end_date).slice(0, 10), rewardedAt: r.rewarded_at.toISOString() })),
    credits: credits.map((c) => ({ credit: paiseToRupees(c.credit_paise), grantedAt: c.granted_at.toISOString() })),
  };
};

export const referralSettings = async (deps: Pick<MembersDeps, 'db'>, ctx: RequestContext): Promise<ReferralSettings> => {
  const reward = await rewardOf(deps.db, ctx.orgId);
  return { rewardDays: reward.days, rewardCredit: paiseToRupees(reward.creditPaise) };
};

export const saveReferralSettings = async (
  deps: Pick<MembersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  body: ReferralSettingsBody,
): Promise<ReferralSettings> => {
  // An absent credit keeps the one set (a form that sends only the days).
  const credit = body.rewardCredit === undefined ? {} : { reward_credit_paise: rupeesToPaise(body.rewardCredit) };
  await deps.db
    .insertInto('referral_settings')
    .values({ org_id: ctx.orgId, reward_days: body.rewardDays, reward_credit_paise: credit.reward_credit_paise ?? 0, updated_at: deps.clock() })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ reward_days: body.rewardDays, ...credit, updated_at: deps.clock() }))
    .execute();
  return referralSettings(deps, ctx);
};

/**
 * A referred lead joined (enquiries.lead_joined with a code): the referrer — the member of the event's organization
 * with that code — gets the gym's reward (free days, a credit off their next membership payment, or both) once per lead (the decider remembers the leads, the inbox drops a
 * redelivery). No code, another organization's code, the new member's own code, or the reward off: nothing.
 */
export const rewardReferrer = async (
  trx: Transaction<MembersDb>,
  env: EventEnvelope<{ leadId: string; memberId: string; referralCode: string | null }>,
): Promise<void> => {
  const code = env.data.referralCode;
  if (!code) return;
  const { days, creditPaise } = await rewardOf(trx, env.orgId);
  if (days <= 0 && creditPaise <= 0) return;
  const ownerId = await referrerOf(trx, env.orgId, code);
  if (!ownerId || ownerId === env.data.memberId) return;
  const referrer = await findMemberInOrg(trx, env.orgId, ownerId);
  if (!referrer) return;
  await executeCommand(
    trx,
    membershipAggregate,
    referrer.id,
    { type: 'RewardReferral', data: { leadId: env.data.leadId, referredMemberId: env.data.memberId, days, creditPaise } },
    metadataOf(env, { locationId: referrer.location_id }),
  );
};
