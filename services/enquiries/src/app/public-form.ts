import {
  ENQUIRY_CONSENT_TEXT,
  marketingConsentText,
  normalizeReferralCode,
  PUBLIC_ENQUIRIES_PER_HOUR,
  type EnquiryFormLink,
  type PublicEnquiryBody,
} from '@akhada/contracts';
import { inTransaction, type CommandSource, type RequestContext } from '@akhada/kit';
import { AppError, notFound } from '@akhada/kit/domain';
import { randomBytes } from 'node:crypto';
import { announceFormCodes, formByCode, formCodeOf, insertFormCode, lockAddress, recentFrom, recordFrom } from '../db/public-form-repo.ts';
import { captureEnquiry } from './capture.ts';
import type { EnquiriesDeps } from './deps.ts';

const HOUR = 3_600_000;
/** A form's code: 10 letters and digits without look-alikes (0/o, 1/l/i), unguessable enough for a public link. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newCode = (): string => [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

/**
 * Each of the caller's locations with its public form's code. The code is this service's own (the gym's join code is
 * auth's secret for registering and is not published to other services); a location gets one the first time staff (or a
 * member, for their referral link) ask (a POST: it may write).
 */
export const formLinks = async (deps: Pick<EnquiriesDeps, 'db' | 'clock' | 'directory'>, ctx: RequestContext): Promise<EnquiryFormLink[]> => {
  const locations = (await deps.directory.locationsOf(ctx.orgId)).filter((l) => ctx.role === 'owner' || ctx.locationIds.includes(l.locationId));
  const links: EnquiryFormLink[] = [];
  let made = false;
  for (const l of locations) {
    let row = await formCodeOf(deps.db, l.locationId);
    if (!row) {
      await insertFormCode(deps.db, { location_id: l.locationId, org_id: ctx.orgId, code: newCode(), created_at: deps.clock() });
      row = await formCodeOf(deps.db, l.locationId);
      made = true;
    }
    if (row) links.push({ locationId: l.locationId, locationName: l.name, code: row.code });
  }
  if (made) await announceFormCodes(deps.db, deps.clock()); // a crash before this: the start's sweep announces it
  return links;
};

const formFor = async (deps: Pick<EnquiriesDeps, 'db' | 'directory'>, code: string) => {
  const row = await formByCode(deps.db, code.toLowerCase());
  const location = row ? await deps.directory.location(row.location_id) : null;
  if (!row || !location || location.orgId !== row.org_id) throw notFound('This enquiry form was not found');
  return location;
};

export const publicForm = async (deps: Pick<EnquiriesDeps, 'db' | 'directory'>, code: string) => {
  const location = await formFor(deps, code);
  return {
    locationName: location.name,
    city: location.city,
    consentText: { ...ENQUIRY_CONSENT_TEXT },
    marketingConsentText: { en: marketingConsentText('en', location.name), hi: marketingConsentText('hi', location.name) },
  };
};

/**
 * An enquiry from the gym's public form, without sign-in. A bot's (the hidden field filled) is answered like any other
 * and stored nowhere. At most PUBLIC_ENQUIRIES_PER_HOUR per address an hour: enquiries from one address are serialized
 * by a lock, so parallel ones cannot slip past. The consent text the visitor saw is recorded with the lead, and the
 * offers-and-news box's text when they ticked it (their marketing consent).
 */
export const publicEnquiry = async (
  deps: Pick<EnquiriesDeps, 'db' | 'clock' | 'directory'>,
  source: Omit<CommandSource, 'orgId'>,
  code: string,
  ip: string,
  body: PublicEnquiryBody,
): Promise<void> => {
  const location = await formFor(deps, code);
  if (body.website && body.website.trim() !== '') return;
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    await lockAddress(trx, ip);
    const recent = await recentFrom(trx, ip, new Date(now.getTime() - HOUR));
    if (recent.n >= PUBLIC_ENQUIRIES_PER_HOUR && recent.oldest) {
      const minutes = Math.max(1, Math.ceil((recent.oldest.getTime() + HOUR - now.getTime()) / 60_000));
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many enquiries from your network in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    await recordFrom(trx, ip, now);
    await captureEnquiry(
      trx,
      { ...source, orgId: location.orgId },
      {
        orgId: location.orgId,
        locationId: location.locationId,
        name: body.name,
        phone: body.phone,
        email: body.email ?? null,
        interest: body.interest,
        source: 'website',
        preferredTime: body.preferredTime ?? '',
        notes: body.notes ?? '',
        actorId: null,
        ownerId: null,
        consentText: ENQUIRY_CONSENT_TEXT[body.language ?? 'en'],
        marketingConsentText: body.marketingConsent ? marketingConsentText(body.language ?? 'en', location.name) : null,
        referralCode: normalizeReferralCode(body.ref),
      },
      now,
    );
  });
};
