import { z } from 'zod';
import { MembershipType, PaymentFrequency } from '../enums.ts';
import { defineEvent } from '../envelope.ts';

export const MemberRegistered = defineEvent(
  'members.member_registered',
  1,
  z.object({
    memberId: z.uuid(),
    locationId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    membershipType: MembershipType,
    paymentFrequency: PaymentFrequency,
    /** Integer paise. */
    feePaise: z.number().int().min(0),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
  }),
);
