import type { Certification, Trainer, TrainerClient, TrainingSession } from '@akhada/contracts';
import { paiseToRupees } from '@akhada/kit';
import type { SessionRow, TrainerRow } from '../db/trainers-repo.ts';
import type { TrainerCertificationsTable, TrainerClientsTable } from '../db/schema.ts';
import { availabilityOf, clientCapacity, expiryStateOf } from '../domain/trainer/availability.ts';

export const toCertification = (c: TrainerCertificationsTable, today: string): Certification => ({
  _id: c.id,
  name: c.name,
  issuingOrganization: c.issuing_organization,
  issueDate: c.issue_date,
  expiryDate: c.expiry_date,
  expiryState: expiryStateOf(c.expiry_date, today),
});

/** A read-table row as the contract's Trainer, with its derived availability and capacity as of `today`. */
export const toTrainer = (row: TrainerRow, certifications: TrainerCertificationsTable[], today: string): Trainer => {
  const currentClients = row.current_clients;
  return {
    _id: row.id,
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, dateOfBirth: null, gender: null },
    fullName: `${row.first_name} ${row.last_name}`,
    avatarUrl: row.avatar_url,
    locationId: row.location_id,
    specialization: row.specialization,
    experience: row.experience,
    hourlyRate: paiseToRupees(row.hourly_rate_paise),
    maxClients: row.max_clients,
    currentClients,
    isAvailable: row.is_available,
    bio: row.bio,
    certifications: certifications.filter((c) => c.trainer_id === row.id).map((c) => toCertification(c, today)),
    // From the feedback service's trainer_rating_changed events.
    rating: { average: Math.round(Number(row.rating_average) * 100) / 100, count: Number(row.rating_count) },
    availabilityStatus: availabilityOf({ isAvailable: row.is_available, currentClients, maxClients: row.max_clients }),
    clientCapacity: clientCapacity(currentClients, row.max_clients),
    status: row.status,
    accountStatus: row.account_status,
    joinedWithCode: row.joined_with_code,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
};

export const toTrainerClient = (c: TrainerClientsTable): TrainerClient => ({
  _id: c.member_id,
  fullName: `${c.first_name} ${c.last_name}`.trim(),
  email: c.email,
  phone: c.phone,
  membershipStatus: c.membership_status,
  membershipEndDate: c.membership_end_date,
  assignedAt: (c.assigned_at ?? new Date(0)).toISOString(),
});

/** A booked appointment (scheduling's) as the schedule's session. */
export const toSession = (s: SessionRow): TrainingSession => ({
  _id: s.id,
  member: { _id: s.member_id, fullName: `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() },
  startsAt: s.starts_at.toISOString(),
  durationMinutes: Math.round((s.ends_at.getTime() - s.starts_at.getTime()) / 60_000),
  notes: null,
});
