import { AuthEvents, PLATFORM_ORG_ID, type ContactBody } from '@akhada/contracts';
import { AppError, metadataOf, newId } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { insertEnquiry, lockEnquiriesFrom, recentEnquiriesFrom } from '../db/enquiries-repo.ts';
import { ENQUIRY_WINDOW_MS, enquiryRetryMinutes, isEnquiryThrottled } from '../domain/rules.ts';
import type { AuthDeps, RequestIds } from './deps.ts';

export interface EnquiryInput {
  body: ContactBody;
  ip: string;
  userAgent: string | undefined;
}

/**
 * Stores a contact-form enquiry and, in the same transaction, puts `auth.enquiry_received` in the outbox (org: the
 * platform, since no gym is involved). At most 5 per IP address an hour: enquiries from one address are serialized by
 * a transaction-scoped advisory lock, so parallel requests cannot slip past the limit.
 */
export const receiveEnquiry = async (
  { db, clock }: Pick<AuthDeps, 'db' | 'clock'>,
  ids: RequestIds,
  { body, ip, userAgent }: EnquiryInput,
): Promise<{ enquiryId: string }> => {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    await lockEnquiriesFrom(trx, ip);
    const recent = await recentEnquiriesFrom(trx, ip, new Date(now.getTime() - ENQUIRY_WINDOW_MS));
    if (isEnquiryThrottled(Number(recent.n)) && recent.oldest) {
      const minutes = enquiryRetryMinutes(new Date(recent.oldest), now);
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many messages from your network in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    const enquiryId = newId();
    const row = {
      id: enquiryId,
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      gym_name: body.gymName ?? null,
      city: body.city ?? null,
      topic: body.topic,
      message: body.message,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
      created_at: now,
    };
    await insertEnquiry(trx, row);
    await publish(
      trx,
      AuthEvents.EnquiryReceived,
      enquiryId,
      {
        enquiryId,
        topic: row.topic,
        name: row.name,
        email: row.email,
        phone: row.phone,
        gymName: row.gym_name,
        city: row.city,
        message: row.message,
        receivedAt: now.toISOString(),
      },
      metadataOf({ ...ids, orgId: PLATFORM_ORG_ID }),
      now,
    );
    return { enquiryId };
  });
};
