import { DataRightsEvents } from '@akhada/contracts';
import type { Executor } from '@akhada/kit';
import { leadStreamId } from '../domain/lead/decider.ts';
import type { EnquiriesDb } from './schema.ts';

/**
 * What an erasure writes over the personal fields of a lead's stored events (the kit's PERSONAL_KEYS know neither a
 * lead's `name` nor its free texts, and other services' streams must keep the kit's behaviour, so the lead's stream
 * gets its own list). The keys stay, so the events still parse and the lead still rebuilds; `phoneKey` becomes a
 * per-lead marker, so the organization's duplicate check never joins a new enquiry to the erased lead.
 */
const leadKeys = (leadId: string): Record<string, string | null> => ({
  name: DataRightsEvents.ERASED_NAME,
  phone: '',
  phoneKey: erasedPhoneKey(leadId),
  email: null,
  notes: '',
  note: '',
  text: '',
  outcome: '',
  preferredTime: '',
  consentText: null,
  marketingConsentText: null,
});

/** The phone key an erased lead keeps: unique within the organization (the constraint), matching no real number. */
const erasedPhoneKey = (leadId: string): string => `erased-${leadId}`;

/** `value` with every personal key overwritten, at any depth (a stored event is `{ data: {...} }`, an edit's fields are under `changes`). */
const redact = (value: unknown, keys: Record<string, string | null>): unknown => {
  if (Array.isArray(value)) return value.map((v) => redact(v, keys));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k in keys && (v === null || typeof v === 'string') ? keys[k] : redact(v, keys)]));
};

/** Overwrites the personal fields of the lead's stored events (its stream, lead-<id>), so a rebuild cannot bring them back. */
const redactLeadStream = async (db: Executor<EnquiriesDb>, leadId: string): Promise<void> => {
  const keys = leadKeys(leadId);
  const rows = await db.selectFrom('events').select(['global_position', 'data']).where('stream_id', '=', leadStreamId(leadId)).execute();
  for (const r of rows) {
    const data = typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data;
    await db
      .updateTable('events')
      .set({ data: JSON.stringify(redact(data, keys)) })
      .where('global_position', '=', r.global_position)
      .execute();
  }
};

/**
 * Erasure (DPDP) in enquiries. A staff member (owner, admin, trainer: their user id, or their trainer record's) keeps
 * their row, so leads they own stay owned, under an erased name — and since the row is there, the staff directory's
 * read-through (saveStaff: first write wins) never learns the name again. The leads that are the person — the lead
 * that became this member (`member_id`, set when members' member_registered named it; a phone is one lead per
 * organization, so there is no other lead of theirs to find) — lose name, phone, email, notes, preferred time and
 * consent texts, their follow-ups' notes and outcomes and their timeline's texts; their stage, source, interest,
 * owner, counts and dates stay, so the funnel's figures do not change. Their streams' stored events are redacted.
 */
export const erasePerson = async (
  db: Executor<EnquiriesDb>,
  orgId: string,
  p: { userId: string; memberId: string | null; trainerId: string | null },
): Promise<void> => {
  const ids = [...new Set([p.userId, p.memberId, p.trainerId].filter((id): id is string => id !== null))];
  await db.updateTable('staff').set({ first_name: DataRightsEvents.ERASED_NAME, last_name: '' }).where('org_id', '=', orgId).where('id', 'in', ids).execute();

  const memberIds = [...new Set([p.userId, p.memberId].filter((id): id is string => id !== null))];
  const leads = await db.selectFrom('leads').select('id').where('org_id', '=', orgId).where('member_id', 'in', memberIds).execute();
  for (const { id } of leads) {
    await db
      .updateTable('leads')
      .set({
        name: DataRightsEvents.ERASED_NAME,
        phone: '',
        phone_key: erasedPhoneKey(id),
        email: null,
        notes: '',
        preferred_time: '',
        consent_text: null,
        marketing_consent_text: null,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('lead_follow_ups')
      .set((eb) => ({ note: '', outcome: eb.case().when('outcome', 'is not', null).then('').else(null).end() }))
      .where('org_id', '=', orgId)
      .where('lead_id', '=', id)
      .execute();
    await db.updateTable('lead_timeline').set({ text: null }).where('lead_id', '=', id).execute();
    await redactLeadStream(db, id);
  }
};
