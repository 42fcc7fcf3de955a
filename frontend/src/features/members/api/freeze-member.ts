import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/freeze (from today in the location's calendar). */
export async function freezeMember(id: string) {
  const json = await callRoute(memberRoutes.freeze, { params: { id }, body: {} });
  return parseResponse(memberRoutes.freeze.responses[200], json, 'POST /members/:id/freeze').data;
}

export const useFreezeMember = () => useMemberCommand(freezeMember);
