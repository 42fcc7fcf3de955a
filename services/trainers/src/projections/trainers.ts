import type { Executor, StoredEvent } from '@akhada/kit';
import { advanceTrainer, deleteCertification, insertCertifications, insertTrainer } from '../db/trainers-repo.ts';
import type { TrainersDb } from '../db/schema.ts';
import type { CertificationData, TrainerEvent } from '../domain/trainer/decider.ts';

const certRow = (trainerId: string, orgId: string, c: CertificationData) => ({
  id: c.certificationId,
  trainer_id: trainerId,
  org_id: orgId,
  name: c.name,
  issuing_organization: c.issuingOrganization,
  issue_date: c.issueDate,
  expiry_date: c.expiryDate,
});

/**
 * The trainers read tables (trainers, trainer_certifications), projected from trainer events:
 * inline in the command's transaction and in rebuild. Everything written comes from the event; the trainer row only
 * moves forward by stream version, and the child rows change only when it did (a replayed event changes nothing).
 */
export const projectTrainers = async (db: Executor<TrainersDb>, { event, streamVersion: v, metadata }: StoredEvent<TrainerEvent>): Promise<void> => {
  switch (event.type) {
    case 'TrainerCreated': {
      const d = event.data;
      const inserted = await insertTrainer(db, {
        id: d.trainerId,
        org_id: d.orgId,
        location_id: d.locationId,
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone: d.phone,
        specialization: d.specialization,
        experience: d.experience,
        hourly_rate_paise: d.hourlyRatePaise,
        max_clients: d.maxClients,
        is_available: true,
        bio: d.bio,
        status: d.source === 'staff' ? 'active' : 'pending',
        // Staff-added: auth invites them. Joined with the code: their account exists already.
        account_status: d.source === 'staff' ? 'invited' : 'active',
        joined_with_code: d.source === 'join_code',
        weekly_slots: '[]',
        created_at: new Date(d.createdAt),
        version: v,
        avatar_url: null,
      });
      if (inserted)
        await insertCertifications(
          db,
          d.certifications.map((c) => certRow(d.trainerId, d.orgId, c)),
        );
      return;
    }
    case 'TrainerApproved':
      await advanceTrainer(db, event.data.trainerId, v, { status: 'active' });
      return;
    case 'TrainerUpdated': {
      const d = event.data;
      await advanceTrainer(db, d.trainerId, v, {
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone: d.phone,
        specialization: d.specialization,
        experience: d.experience,
        hourly_rate_paise: d.hourlyRatePaise,
        max_clients: d.maxClients,
        bio: d.bio,
        is_available: d.isAvailable,
      });
      return;
    }
    case 'TrainerArchived':
      await advanceTrainer(db, event.data.trainerId, v, { status: 'archived' });
      return;
    case 'CertificationAdded':
      if (await advanceTrainer(db, event.data.trainerId, v)) await insertCertifications(db, [certRow(event.data.trainerId, metadata.orgId, event.data)]);
      return;
    case 'CertificationRemoved':
      if (await advanceTrainer(db, event.data.trainerId, v)) await deleteCertification(db, event.data.certificationId);
      return;
    case 'ScheduleReplaced':
      await advanceTrainer(db, event.data.trainerId, v, { weekly_slots: JSON.stringify(event.data.weeklySlots) });
      return;
    case 'SessionBooked':
    case 'SessionCancelled':
      // Sessions an older version booked here: appointments are scheduling's now (trainer_appointments).
      await advanceTrainer(db, event.data.trainerId, v);
      return;
    case 'InvitationResendRequested':
    case 'CertificationExpiryFlagged':
      await advanceTrainer(db, event.data.trainerId, v);
      return;
    default:
      return; // events this version does not project
  }
};
