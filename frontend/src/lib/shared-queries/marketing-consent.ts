import { audienceRoutes as r, type MarketingConsentChange } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../api-client';

/* A member's or lead's marketing consent as staff see and record it at the desk (contracts/src/http/audience.ts). */
const personConsentKey = (personId: string) => ['marketing-consent', 'person', personId] as const;

/** GET /notifications/marketing-consent/:personId (owners, admins). */
export const usePersonMarketingConsent = (personId: string, enabled = true) =>
  useQuery({
    queryKey: personConsentKey(personId),
    enabled,
    queryFn: async ({ signal }) =>
      parseResponse(
        r.personMarketingConsent.responses[200],
        await callRoute(r.personMarketingConsent, { params: { personId }, signal }),
        'GET /notifications/marketing-consent/:personId',
      ).data,
  });

/** PUT /notifications/marketing-consent/:personId: recorded as front_desk by the signed-in staff member. */
export function useUpdatePersonMarketingConsent(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketingConsentChange) =>
      parseResponse(
        r.updatePersonMarketingConsent.responses[200],
        await callRoute(r.updatePersonMarketingConsent, { params: { personId }, body }),
        'PUT /notifications/marketing-consent/:personId',
      ).data,
    onSuccess: (view) => qc.setQueryData(personConsentKey(personId), view),
  });
}
