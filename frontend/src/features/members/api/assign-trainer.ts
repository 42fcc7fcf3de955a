import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** POST /api/members/:id/assign-trainer */
export async function assignTrainer({ id, trainerId }: { id: string; trainerId: string }) {
  const json = await callRoute(memberRoutes.assignTrainer, { params: { id }, body: { trainerId } });
  return parseResponse(memberRoutes.assignTrainer.responses[200], json, 'POST /members/:id/assign-trainer').data;
}

export const useAssignTrainer = () => useMemberCommand(assignTrainer);
