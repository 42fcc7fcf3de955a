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
});

/** A new lead (staff at the desk or on the phone, or the public form: `viaPublicForm`). */
export const LeadCaptured = defineEvent('enquiries.lead_captured', 1, LeadFacts.extend({ viaPublicForm: z.boolean() }));
/** A known phone number enquired again: the enquiry joined the lead's timeline. */
export const LeadEnquiredAgain = defineEvent('enquiries.lead_enquired_again', 1, LeadFacts.extend({ viaPublicForm: z.boolean() }));
/** The lead moved in the pipeline (lost with `lostReason`, reopened back to a stage). */
export const LeadStageChanged = defineEvent('enquiries.lead_stage_changed', 1, LeadFacts.extend({ from: z.string(), lostReason: z.string().nullable() }));
/** The lead was given to a staff member (or to nobody). */
export const LeadAssigned = defineEvent('enquiries.lead_assigned', 1, LeadFacts);
