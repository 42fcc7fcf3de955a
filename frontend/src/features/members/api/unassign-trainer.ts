import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/unassign-trainer */
export async function unassignTrainer(id: string) {
  const json = await callRoute(memberRoutes.unassignTrainer, { params: { id } });
  return parseResponse(memberRoutes.unassignTrainer.responses[200], json, 'POST /members/:id/unassign-trainer').data;
}

export const useUnassignTrainer = () => useMemberCommand(unassignTrainer);
