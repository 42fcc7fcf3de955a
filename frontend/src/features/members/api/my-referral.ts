import { enquiriesRoutes, memberReferralRoutes } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

/** GET /api/members/me/referral: the member's referral code, the gym's reward and the rewards so far. */
export async function getMyReferral(signal?: AbortSignal) {
  const r = memberReferralRoutes.mine;
  return parseResponse(r.responses[200], await callRoute(r, { signal }), 'GET /members/me/referral').data;
}

/** POST /api/enquiries/form-links/mine: the public enquiry form of the member's location (the link's address). */
export async function getMyFormLink(signal?: AbortSignal) {
  const r = enquiriesRoutes.myFormLinks;
  return parseResponse(r.responses[200], await callRoute(r, { signal }), 'POST /enquiries/form-links/mine').data[0] ?? null;
}

export const myReferralQueryOptions = () => queryOptions({ queryKey: memberKeys.myReferral, queryFn: ({ signal }) => getMyReferral(signal) });
export const useMyReferral = () => useQuery(myReferralQueryOptions());
export const useMyFormLink = () => useQuery({ queryKey: memberKeys.myFormLink, queryFn: ({ signal }) => getMyFormLink(signal), staleTime: Infinity });

/** The link a member shares: their location's public enquiry form with their code. */
export const referralLink = (formCode: string, code: string, origin: string = window.location.origin) =>
  `${origin}/enquire/${formCode}?ref=${encodeURIComponent(code)}`;
