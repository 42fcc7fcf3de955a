import { EnquiriesEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { rewardReferrer } from '../app/referrals.ts';
import type { MembersDb } from '../db/schema.ts';

/** enquiries.lead_joined: a referred lead became a member → their referrer's reward (once per lead). */
export const onLeadJoined = on(EnquiriesEvents.LeadJoined, (trx: Transaction<MembersDb>, env) => rewardReferrer(trx, env));
