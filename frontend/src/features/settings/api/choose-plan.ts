import { authRoutes, type ChoosePlanBody } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';

export type ChoosablePlan = z.infer<typeof ChoosePlanBody>['plan'];

/** PUT /api/settings/plan → the organization on its new plan. */
export async function choosePlan(plan: ChoosablePlan) {
  const json = await callRoute(authRoutes.choosePlan, { body: { plan } });
  return parseResponse(authRoutes.choosePlan.responses[200], json, 'PUT /settings/plan').data.organization;
}

/** The session's user gets the organization as the server answered it (plan chosen, no trial date). */
export function useChoosePlan() {
  const { user, setUser } = useSession();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: (organization) => {
      if (user) setUser({ ...user, organization });
    },
  });
}
