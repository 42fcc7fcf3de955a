import { memberRoutes, type UpdateMemberBody } from '@akhada/contracts';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useMemberCommand } from './member-command';

export type UpdateMemberInput = z.input<typeof UpdateMemberBody>;

/** PUT /api/members/:id (Edit Profile, with the version the editor saw). */
export async function updateMember({ id, body }: { id: string; body: UpdateMemberInput }) {
  const json = await callRoute(memberRoutes.update, { params: { id }, body });
  return parseResponse(memberRoutes.update.responses[200], json, 'PUT /members/:id').data;
}

export const useUpdateMember = () => useMemberCommand(updateMember);
