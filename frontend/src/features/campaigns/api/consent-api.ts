import { audienceRoutes as r, type MarketingConsentChange } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/* A member's own marketing consent per channel, and the public email unsubscribe (contracts/src/http/audience.ts). */
const myConsentKey = ['marketing-consent', 'me'] as const;
const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;

export const useMyMarketingConsent = () =>
  useQuery({
    queryKey: myConsentKey,
    queryFn: async ({ signal }) =>
      parseResponse(r.myMarketingConsent.responses[200], await callRoute(r.myMarketingConsent, { signal }), 'GET /notifications/marketing-consent/me').data,
  });

export function useUpdateMyMarketingConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketingConsentChange) =>
      parseResponse(r.updateMyMarketingConsent.responses[200], await callRoute(r.updateMyMarketingConsent, { body }), 'PUT /notifications/marketing-consent/me')
        .data,
    onSuccess: (view) => qc.setQueryData(myConsentKey, view),
  });
}

export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: unsubscribeKey(token),
    enabled: token.length > 0,
    retry: false,
    queryFn: async ({ signal }) =>
      parseResponse(r.unsubscribeInfo.responses[200], await callRoute(r.unsubscribeInfo, { query: { token }, signal }), 'GET /notifications/unsubscribe').data,
  });

export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(r.unsubscribe.responses[200], await callRoute(r.unsubscribe, { query: { token } }), 'POST /notifications/unsubscribe').data,
    onSuccess: (info) => qc.setQueryData(unsubscribeKey(token), info),
  });
}
