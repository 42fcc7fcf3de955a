import { z } from 'zod';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the enquiries service (topic akhada.enquiries.events; aggregate = one lead, `aggregateId` = its
 * id, the envelope's `locationId` its location). They carry what a consumer (a report, an automation, a notification to
 * the owner) needs of a lead, never its whole timeline.
 */
const LeadFacts = z.object({
  leadId: z.uuid(),
  locationId: z.uuid(),
  name: z.string(),
  phone: z.string(),
  interest: z.string(),
  source: z.string(),
  stage: z.string(),
  ownerId: z.uuid().nullable(),
  /** The lead's email, if given (absent in events published before it was added). */
  email: z.string().nullable().optional(),
});
/**
 * A lead's enquiry: by staff or on the public form (`viaPublicForm`). `consentText` is the consent the visitor agreed
 * to on the form — to be contacted ABOUT THE ENQUIRY, not marketing — null for staff's entries. `marketingConsent` is
 * the optional offers-and-news consent (WhatsApp, SMS and email): its text, when, and the staff member who recorded it
 * (`recordedBy`; null when the person ticked it on the public form); null when not given (absent in older events).
 * Notifications records only `marketingConsent` as the lead's marketing consent.
 */
const MarketingConsentGiven = z.object({ text: z.string(), at: z.iso.datetime({ offset: true }), recordedBy: z.uuid().nullable() });
const Enquiry = { viaPublicForm: z.boolean(), consentText: z.string().nullable().optional(), marketingConsent: MarketingConsentGiven.nullable().optional() };

/** A new lead (staff at the desk or on the phone, or the public form: `viaPublicForm`). */
export const LeadCaptured = defineEvent('enquiries.lead_captured', 1, LeadFacts.extend(Enquiry));
/** A known phone number enquired again: the enquiry joined the lead's timeline. */
export const LeadEnquiredAgain = defineEvent('enquiries.lead_enquired_again', 1, LeadFacts.extend(Enquiry));
/** The lead moved in the pipeline (lost with `lostReason`, reopened back to a stage). */
export const LeadStageChanged = defineEvent('enquiries.lead_stage_changed', 1, LeadFacts.extend({ from: z.string(), lostReason: z.string().nullable() }));
/** The lead was given to a staff member (or to nobody). */
export const LeadAssigned = defineEvent('enquiries.lead_assigned', 1, LeadFacts);

/**
 * Staff issued the lead a trial pass: attendance keeps the valid passes and checks the lead in by `code` (typed at the
 * desk or scanned as a QR code) at `locationId` from `validFrom` until `validUntil` (UTC; `lastDay` is the last day in
 * the location's calendar). `aggregateId` is the lead's id.
 */
export const TrialPassIssued = defineEvent(
  'enquiries.trial_pass_issued',
  1,
  z.object({
    passId: z.uuid(),
    leadId: z.uuid(),
    locationId: z.uuid(),
    name: z.string(),
    phone: z.string(),
    code: z.string(),
    days: z.number().int().min(1),
    validFrom: z.iso.datetime({ offset: true }),
    validUntil: z.iso.datetime({ offset: true }),
    lastDay: z.iso.date(),
  }),
);

/**
 * The lead became a member (members.member_registered named it): `memberId` is the member, `referralCode` the code of
 * the member who referred the lead (as the lead gave it, upper case; null when none). Members rewards the referrer.
 */
export const LeadJoined = defineEvent(
  'enquiries.lead_joined',
  1,
  z.object({ leadId: z.uuid(), locationId: z.uuid(), memberId: z.uuid(), referralCode: z.string().nullable() }),
);

/** What happened to a lead, as `enquiries.lead_changed` names it (one per change recorded on its stream). */
export const LeadChange = z.enum([
  'captured',
  'enquired_again',
  'edited',
  'stage_changed',
  'lost',
  'reopened',
  'assigned',
  'note_added',
  'follow_up_added',
  'follow_up_completed',
  'trial_pass_issued',
  'trial_visited',
  'joined',
]);

/**
 * Something about a lead changed (every change recorded on its stream, those announced above and the rest: an edit, a
 * note, a follow-up added or done, a trial visit). Only who may see it and what it was, no data to apply: the real-time
 * hub turns it into a "changed" ping for the location's staff and the lead's owner, whose open enquiries screens read
 * again (the server scopes what each of them gets).
 */
export const LeadChanged = defineEvent(
  'enquiries.lead_changed',
  1,
  z.object({
    leadId: z.uuid(),
    locationId: z.uuid(),
    ownerId: z.uuid().nullable(),
    /** On a reassignment, who owned the lead before (their screens drop it); absent otherwise. */
    previousOwnerId: z.uuid().nullable().optional(),
    change: LeadChange,
    /**
     * On follow_up_added and follow_up_completed: the follow-up (its id; when added, its kind, when it is due and whose
     * it is; done once completed), so a consumer can tell when one is overdue. Absent on other changes.
     */
    followUp: z
      .object({
        id: z.string(),
        done: z.boolean(),
        kind: z.enum(['call', 'whatsapp', 'visit']).optional(),
        dueAt: z.iso.datetime({ offset: true }).optional(),
        assigneeId: z.uuid().nullable().optional(),
      })
      .optional(),
  }),
);

/**
 * A location's public enquiry form has its code (the link /enquire/<code>): announced when the code is made, and again
 * for codes made before this event existed. Members' referral links are that form with ?ref=<their code>, which
 * notifications fills into templates (the referralLink variable).
 */
export const FormLinkMade = defineEvent('enquiries.form_link_made', 1, z.object({ locationId: z.uuid(), code: z.string().min(1) }));
