import type { User } from '@akhada/contracts';
import { notFound, type Executor } from '@akhada/kit';
import { allowedLocations } from '../db/locations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import { findOrganization } from '../db/organizations-repo.ts';
import { avatarUrlOf, findProfilePicture } from '../db/profile-pictures-repo.ts';
import { smsTwoFactorOf } from '../db/sms-codes-repo.ts';
import { twoFactorOf } from '../db/two-factor-repo.ts';
import { findUserInOrg } from '../db/users-repo.ts';
import { twoFactorEnrolment } from '../domain/rules.ts';
import { logoUrlOf } from './logo.ts';

/** The user as the API shows it, always looked up within the caller's organization. */
export const loadUserView = async (db: Executor<AuthDb>, userId: string, orgId: string): Promise<User> => {
  const u = await findUserInOrg(db, userId, orgId);
  if (!u) throw notFound('User');
  const org = await findOrganization(db, orgId);
  const locations = await allowedLocations(db, u);
  const staff = u.role === 'owner' || u.role === 'admin';
  const enrolled = !!(await twoFactorOf(db, u.id))?.secret || !!(await smsTwoFactorOf(db, u.id));
  const picture = await findProfilePicture(db, u.id);
  return {
    _id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    fullName: `${u.first_name} ${u.last_name}`,
    email: u.email,
    phone: u.phone,
    role: u.role,
    dateOfBirth: u.date_of_birth,
    gender: u.gender,
    address: (u.address ?? {}) as User['address'],
    emergencyContact: (u.emergency_contact ?? {}) as User['emergencyContact'],
    organization: {
      _id: org.id,
      name: org.name,
      plan: org.plan,
      trialEndsAt: org.trial_ends_at?.toISOString() ?? null,
      // Only staff hand out the gym's join code.
      joinCode: staff ? org.join_code : null,
      logoUrl: logoUrlOf(org.id, org.logo),
      brandColor: org.brand_color,
    },
    locations: locations.map((l) => ({ _id: l.id, name: l.name, city: l.city, timezone: l.timezone })),
    createdAt: u.created_at.toISOString(),
    pending: u.status === 'pending',
    twoFactorEnrolment: twoFactorEnrolment({ role: u.role, enrolled, requiredForStaff: org.require_staff_two_factor }),
    avatarUrl: avatarUrlOf(picture),
  };
};
