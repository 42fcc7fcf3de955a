import type { Measurement, Member, MembershipTermView } from '@akhada/contracts';
import type { MeasurementsTable, MembershipTermsTable, MembersTable, TrainersTable } from '../db/schema.ts';
import { daysRemaining, effectiveStatus } from '../domain/membership/period.ts';
import { paiseToRupees } from '@akhada/kit';

type TrainerRow = Pick<TrainersTable, 'id' | 'first_name' | 'last_name' | 'specialization'>;

/** Shapes a read-table row as the contract's Member, with days remaining and the shown status as of `today` (the row's location's). */
export const toMember = (row: MembersTable, today: string, trainer?: TrainerRow, hideContact = false): Member => {
  const remaining = row.membership_status === 'pending' ? 0 : daysRemaining(row.end_date, today);
  const shown = effectiveStatus(row.membership_status, remaining);
  return {
    _id: row.id,
    // A member who chose so is shown to trainers without phone and email.
    user: { firstName: row.first_name, lastName: row.last_name, email: hideContact ? '' : row.email, phone: hideContact ? '' : row.phone },
    fullName: `${row.first_name} ${row.last_name}`,
    avatarUrl: row.avatar_url,
    locationId: row.location_id,
    membershipType: row.membership_type,
    membershipStatus: shown,
    membershipStartDate: row.start_date,
    membershipEndDate: row.end_date,
    membershipFee: paiseToRupees(Number(row.fee_paise)),
    paymentFrequency: row.payment_frequency,
    paymentMethod: row.payment_method,
    daysRemaining: remaining,
    trainer: trainer ? { _id: trainer.id, user: { firstName: trainer.first_name, lastName: trainer.last_name }, specialization: trainer.specialization } : null,
    // Kept from attendance's check-in events (consumers/check-ins.ts).
    lastCheckIn: row.last_check_in ? row.last_check_in.toISOString() : null,
    totalWorkouts: row.total_workouts,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    status: row.membership_status,
    frozenFrom: row.frozen_from,
    accountStatus: row.account_status,
    joinedWithCode: row.joined_with_code,
    acquisitionSource: (row.acquisition_source as Member['acquisitionSource']) ?? null,
    enquiryId: row.enquiry_id,
    createdAt: row.registered_at.toISOString(),
    version: row.version,
  };
};

export const toTerm = (t: MembershipTermsTable): MembershipTermView => ({
  termNo: t.term_no,
  membershipType: t.membership_type,
  paymentFrequency: t.payment_frequency,
  paymentMethod: t.payment_method,
  fee: paiseToRupees(Number(t.fee_paise)),
  startDate: t.start_date,
  endDate: t.end_date,
  daysFrozen: t.days_frozen,
  createdAt: t.created_at.toISOString(),
});

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const toMeasurement = (m: MeasurementsTable): Measurement => ({
  _id: m.id,
  memberId: m.member_id,
  measuredOn: m.measured_on,
  weightKg: num(m.weight_kg),
  bodyFatPercent: num(m.body_fat_percent),
  chestCm: num(m.chest_cm),
  waistCm: num(m.waist_cm),
  armsCm: num(m.arms_cm),
  notes: m.notes,
  recordedBy: { _id: m.recorded_by_id, name: m.recorded_by_name },
  createdAt: m.created_at.toISOString(),
});
