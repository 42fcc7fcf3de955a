import { memberRoutes, type RenewMemberBody } from '@akhada/contracts';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

export type RenewMemberInput = z.input<typeof RenewMemberBody>;

/** POST /api/members/:id/renew: a new term (or the first term of a member awaiting a plan). */
export async function renewMember({ id, body }: { id: string; body: RenewMemberInput }) {
  const json = await callRoute(memberRoutes.renew, { params: { id }, body });
  return parseResponse(memberRoutes.renew.responses[200], json, 'POST /members/:id/renew').data;
}

export const useRenewMember = () => useMemberCommand(renewMember);
