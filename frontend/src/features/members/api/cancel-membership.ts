import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/cancel: ends the membership early. */
export async function cancelMembership(id: string) {
  const json = await callRoute(memberRoutes.cancel, { params: { id }, body: {} });
  return parseResponse(memberRoutes.cancel.responses[200], json, 'POST /members/:id/cancel').data;
}

export const useCancelMembership = () => useMemberCommand(cancelMembership);
