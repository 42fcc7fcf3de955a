import type { Member } from '@akhada/contracts';
import type { MembersTable } from '../db/schema.ts';
import { daysRemaining, effectiveStatus } from '../domain/membership/period.ts';
import { paiseToRupees } from '../domain/money.ts';

/** Shapes a read-table row as the contract's Member, with days remaining and the shown status as of `today`. */
export const toMember = (row: MembersTable, today: string): Member => {
  const remaining = daysRemaining(row.end_date, today);
  return {
    _id: row.id,
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone },
    fullName: `${row.first_name} ${row.last_name}`,
    locationId: row.location_id,
    membershipType: row.membership_type,
    membershipStatus: effectiveStatus(row.membership_status, remaining),
    membershipStartDate: row.start_date,
    membershipEndDate: row.end_date,
    membershipFee: paiseToRupees(row.fee_paise),
    paymentFrequency: row.payment_frequency,
    paymentMethod: null,
    daysRemaining: remaining,
    // Trainers, check-ins and workouts belong to other services; their events fill these in later.
    trainer: null,
    lastCheckIn: null,
    totalWorkouts: 0,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    status: row.membership_status,
    frozenFrom: null,
    accountStatus: 'invited',
    joinedWithCode: false,
    createdAt: row.registered_at.toISOString(),
    version: row.version,
  };
};
