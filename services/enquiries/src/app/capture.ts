import { normalizeReferralCode, STAFF_MARKETING_CONSENT_TEXT, type CreateLeadBody, type LeadDetail } from '@akhada/contracts';
import { executeCommand, inTransaction, metadataOf, newId, type CommandSource, type RequestContext } from '@akhada/kit';
import { forbidden, notFound } from '@akhada/kit/domain';
import type { Transaction } from 'kysely';
import { lead } from '../aggregates/lead.ts';
import { leadByPhone, leadOf, lockPhone } from '../db/leads-repo.ts';
import type { EnquiriesDb } from '../db/schema.ts';
import { phoneKey, type Interest, type Source } from '../domain/lead/decider.ts';
import { leadDetail, maySee } from './access.ts';
import type { EnquiriesDeps } from './deps.ts';
import { assertOwnerIsStaff } from './staff.ts';

export interface Enquiry {
  orgId: string;
  locationId: string;
  name: string;
  phone: string;
  email: string | null;
  interest: Interest;
  source: Source;
  preferredTime: string;
  notes: string;
  /** Who captured it (its default owner); null for the public form. */
  actorId: string | null;
  ownerId: string | null;
  consentText: string | null;
  /** The offers-and-news consent's text when given (the public form's box, or staff's "agreed to offers and news"). */
  marketingConsentText: string | null;
  /** A member's referral code (normalized); the lead's source is then referral. Only a new lead takes it. */
  referralCode: string | null;
}

/**
 * One enquiry: a new lead, or, when the organization knows the phone number already, an entry in that lead's timeline.
 * Enquiries with one number are serialized by a lock on organization + number (lockPhone), so two at once are one lead.
 */
export const captureEnquiry = async (
  trx: Transaction<EnquiriesDb>,
  source: CommandSource,
  e: Enquiry,
  at: Date,
): Promise<{ leadId: string; duplicate: boolean }> => {
  const key = phoneKey(e.phone);
  await lockPhone(trx, e.orgId, key);
  const known = await leadByPhone(trx, e.orgId, key);
  if (known) {
    await executeCommand(
      trx,
      lead,
      known.id,
      {
        type: 'EnquireAgain',
        data: {
          source: e.source,
          interest: e.interest,
          preferredTime: e.preferredTime,
          notes: e.notes,
          consentText: e.consentText,
          ...(e.marketingConsentText ? { marketingConsentText: e.marketingConsentText } : {}),
          actorId: e.actorId,
          at: at.toISOString(),
        },
      },
      metadataOf(source, { orgId: e.orgId, locationId: known.location_id }),
    );
    return { leadId: known.id, duplicate: true };
  }
  const leadId = newId();
  await executeCommand(
    trx,
    lead,
    leadId,
    {
      type: 'CaptureLead',
      data: {
        leadId,
        orgId: e.orgId,
        locationId: e.locationId,
        name: e.name,
        phone: e.phone,
        phoneKey: key,
        email: e.email,
        interest: e.interest,
        source: e.referralCode ? 'referral' : e.source,
        preferredTime: e.preferredTime,
        notes: e.notes,
        ownerId: e.ownerId,
        ...(e.referralCode ? { referralCode: e.referralCode } : {}),
        consentText: e.consentText,
        ...(e.marketingConsentText ? { marketingConsentText: e.marketingConsentText } : {}),
        actorId: e.actorId,
        at: at.toISOString(),
      },
    },
    metadataOf(source, { orgId: e.orgId, locationId: e.locationId }),
  );
  return { leadId, duplicate: false };
};

/**
 * Staff capture a walk-in or a phone call at one of their locations. The lead is theirs unless they name another owner
 * (an owner or admin may; a trainer's lead is their own).
 */
export const createLead = async (
  deps: Pick<EnquiriesDeps, 'db' | 'clock' | 'directory' | 'staffDirectory'>,
  ctx: RequestContext,
  body: CreateLeadBody,
): Promise<{ lead: LeadDetail | null; duplicate: boolean }> => {
  const location = await deps.directory.location(body.locationId);
  if (!location || location.orgId !== ctx.orgId) throw notFound('Location');
  if (ctx.role !== 'owner' && !ctx.locationIds.includes(body.locationId)) throw forbidden('You cannot act in that location');
  const ownerId = body.ownerId === undefined ? ctx.userId : body.ownerId;
  if (ctx.role === 'trainer' && ownerId !== ctx.userId) throw forbidden('A trainer’s enquiries are their own');
  await assertOwnerIsStaff(deps, ctx, ownerId);
  const result = await inTransaction(deps.db, (trx) =>
    captureEnquiry(
      trx,
      ctx,
      {
        orgId: ctx.orgId,
        locationId: body.locationId,
        name: body.name,
        phone: body.phone,
        email: body.email ?? null,
        interest: body.interest,
        source: body.source,
        preferredTime: body.preferredTime ?? '',
        notes: body.notes ?? '',
        actorId: ctx.userId,
        ownerId,
        consentText: null,
        marketingConsentText: body.marketingConsent ? STAFF_MARKETING_CONSENT_TEXT : null,
        referralCode: normalizeReferralCode(body.referralCode),
      },
      deps.clock(),
    ),
  );
  const row = await leadOf(deps.db, ctx.orgId, result.leadId);
  if (!row) throw notFound('Lead');
  // A trainer whose enquiry joined a lead that is not theirs learns that it did, not the lead's history.
  return { lead: maySee(ctx, row) ? await leadDetail(deps, row) : null, duplicate: result.duplicate };
};
