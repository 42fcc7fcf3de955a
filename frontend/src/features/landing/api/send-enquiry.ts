import { publicRoutes, type ContactBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';

export type EnquiryInput = z.input<typeof ContactBody>;

/**
 * POST /api/public/contact → 201 with the enquiry's id. The body is checked with `ContactBody` before it is sent
 * (the same rules and field paths the server uses); at most 5 enquiries an hour from one address (429).
 */
export async function sendEnquiry(body: EnquiryInput) {
  const json = await callRoute(publicRoutes.contact, { body });
  return parseResponse(publicRoutes.contact.responses[201], json, 'POST /public/contact').data;
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry, retry: false });
}
