import type { MemberCopy, TrainerCopy } from '@akhada/contracts';
import { memberCopy, trainerCopy, type Executor } from '@akhada/kit';
import type { PaymentsDb } from './schema.ts';

/**
 * The members this service takes payments of (name and contacts, plan, fee, term, trainer), kept by the kit from
 * members' events (consumers/members.ts) and read-throughs; newer wins by updated_at. Its term dates are never empty:
 * a pending member's are the sign-up day (as members' own answer says).
 */
export const payMembers = memberCopy<PaymentsDb, 'pay_members'>({
  table: 'pay_members',
  columns: [
    'org_id',
    'location_id',
    'first_name',
    'last_name',
    'email',
    'phone',
    'membership_type',
    'payment_frequency',
    'fee_paise',
    'start_date',
    'end_date',
    'status',
    'trainer_id',
  ],
  extra: { MemberSignedUp: ({ occurredAt }) => ({ start_date: occurredAt.slice(0, 10), end_date: occurredAt.slice(0, 10) }) },
  answerExtra: (c) => ({ start_date: c.startDate, end_date: c.endDate }),
});

/** The trainers this service pays, kept by the kit from trainers' events (consumers/trainers.ts) and read-throughs; newer wins. */
export const payTrainers = trainerCopy<PaymentsDb, 'pay_trainers'>({
  table: 'pay_trainers',
  columns: ['org_id', 'location_id', 'first_name', 'last_name', 'email', 'phone', 'hourly_rate_paise', 'status'],
});

/** A member as the members service answered a read-through (a member added a moment ago), through the copy's guarded write. */
export const saveMemberCopy = (db: Executor<PaymentsDb>, orgId: string, c: MemberCopy): Promise<void> => payMembers.save(db, orgId, c);

/** A trainer as the trainers service answered a read-through (a trainer added a moment ago); as saveMemberCopy. */
export const saveTrainerCopy = (db: Executor<PaymentsDb>, orgId: string, c: TrainerCopy): Promise<void> => payTrainers.save(db, orgId, c);
