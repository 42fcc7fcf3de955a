import { LeadSource } from '@akhada/contracts';
import { z } from 'zod';

/** What "Convert to member" on an enquiry hands the add-member form (in the link's query). */
export interface MemberPrefill {
  enquiryId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  source: LeadSource;
  locationId: string;
}

/** The query keys of that link (removed from the address once read). */
export const PREFILL_KEYS = ['enquiryId', 'name', 'phone', 'email', 'source', 'locationId'] as const;

/**
 * The prefill of a link from an enquiry (`?add=1&enquiryId=…&name=…&phone=…&email=…&source=…&locationId=…`), or null
 * when it names no valid enquiry. The name's first word is the first name, the rest the last name.
 */
export const prefillFrom = (params: URLSearchParams): MemberPrefill | null => {
  const enquiryId = params.get('enquiryId') ?? '';
  const source = LeadSource.safeParse(params.get('source'));
  if (!z.uuid().safeParse(enquiryId).success || !source.success) return null;
  const [firstName = '', ...rest] = (params.get('name') ?? '').trim().split(/\s+/);
  const locationId = params.get('locationId') ?? '';
  return {
    enquiryId,
    firstName: firstName.slice(0, 50),
    lastName: rest.join(' ').slice(0, 50),
    phone: params.get('phone') ?? '',
    email: params.get('email') ?? '',
    source: source.data,
    locationId: z.uuid().safeParse(locationId).success ? locationId : '',
  };
};
