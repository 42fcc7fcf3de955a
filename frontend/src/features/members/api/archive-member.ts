import { memberRoutes } from '@akhada/contracts';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

/** DELETE /api/members/:id: archives (gone from the lists; history and payments kept). */
export async function archiveMember(id: string) {
  const json = await callRoute(memberRoutes.archive, { params: { id } });
  return parseResponse(memberRoutes.archive.responses[200], json, 'DELETE /members/:id');
}

export const useArchiveMember = () => useMemberCommand(archiveMember);
