import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/unfreeze: the end date moves by the days frozen. */
export async function unfreezeMember(id: string) {
  const json = await callRoute(memberRoutes.unfreeze, { params: { id } });
  return parseResponse(memberRoutes.unfreeze.responses[200], json, 'POST /members/:id/unfreeze').data;
}

export const useUnfreezeMember = () => useMemberCommand(unfreezeMember);
