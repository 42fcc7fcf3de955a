import { memberRoutes, type CreateMemberBody } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';

export type CreateMemberInput = z.input<typeof CreateMemberBody>;

/** POST /api/members → 201 with the new member. */
export async function createMember(body: CreateMemberInput) {
  const json = await callRoute(memberRoutes.create, { body });
  return parseResponse(memberRoutes.create.responses[201], json, 'POST /members').data;
}

export function useCreateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => {
      // Lists and counts (the dashboard's too) are all under ['members']. The answer is a Member, not the detail
      // screen's MemberDetail (it has no terms): it must not be put in the detail's cache entry, which the screen
      // would render as it is. Opening the new member loads their detail.
      void qc.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
