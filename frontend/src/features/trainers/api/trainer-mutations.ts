import { memberRoutes, trainersRoutes, type CreateTrainerBody, type Trainer, type UpdateTrainerBody } from '@akhada/contracts';
import type { AddCertificationBody, UpdateScheduleBody } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys/members';
import { trainerKeys } from '../../../lib/query-keys/trainers';

/*
 * The trainers feature's writes, one function per endpoint. Each refreshes everything under ['trainers'] (lists,
 * detail, clients, schedule) and, for assignments, the members' queries too.
 */
export type CreateTrainerInput = z.input<typeof CreateTrainerBody>;
export type UpdateTrainerInput = z.input<typeof UpdateTrainerBody>;
export type AddCertificationInput = z.input<typeof AddCertificationBody>;
export type UpdateScheduleInput = z.input<typeof UpdateScheduleBody>;

/** POST /api/trainers → 201 */
export async function createTrainer(body: CreateTrainerInput) {
  const json = await callRoute(trainersRoutes.create, { body });
  return parseResponse(trainersRoutes.create.responses[201], json, 'POST /trainers').data;
}
/** PUT /api/trainers/:id */
export async function updateTrainer({ id, body }: { id: string; body: UpdateTrainerInput }) {
  const json = await callRoute(trainersRoutes.update, { params: { id }, body });
  return parseResponse(trainersRoutes.update.responses[200], json, 'PUT /trainers/:id').data;
}
/** DELETE /api/trainers/:id (archives; refuses a pending one). */
export async function archiveTrainer(id: string) {
  const json = await callRoute(trainersRoutes.archive, { params: { id } });
  return parseResponse(trainersRoutes.archive.responses[200], json, 'DELETE /trainers/:id');
}
/** POST /api/trainers/:id/approve */
export async function approveTrainer(id: string) {
  const json = await callRoute(trainersRoutes.approve, { params: { id } });
  return parseResponse(trainersRoutes.approve.responses[200], json, 'POST /trainers/:id/approve').data;
}
/** POST /api/trainers/:id/resend-invitation */
export async function resendTrainerInvitation(id: string) {
  const json = await callRoute(trainersRoutes.resendInvitation, { params: { id } });
  return parseResponse(trainersRoutes.resendInvitation.responses[200], json, 'POST /trainers/:id/resend-invitation');
}
/** POST /api/trainers/:id/certifications → 201 with the trainer */
export async function addCertification({ id, body }: { id: string; body: AddCertificationInput }) {
  const json = await callRoute(trainersRoutes.addCertification, { params: { id }, body });
  return parseResponse(trainersRoutes.addCertification.responses[201], json, 'POST /trainers/:id/certifications').data;
}
/** DELETE /api/trainers/:id/certifications/:certificationId */
export async function removeCertification({ id, certificationId }: { id: string; certificationId: string }) {
  const json = await callRoute(trainersRoutes.removeCertification, { params: { id, certificationId } });
  return parseResponse(trainersRoutes.removeCertification.responses[200], json, 'DELETE /trainers/:id/certifications/:certificationId').data;
}
/** PUT /api/trainers/:id/schedule */
export async function updateSchedule({ id, body }: { id: string; body: UpdateScheduleInput }) {
  const json = await callRoute(trainersRoutes.updateSchedule, { params: { id }, body });
  return parseResponse(trainersRoutes.updateSchedule.responses[200], json, 'PUT /trainers/:id/schedule').data;
}
/** POST /api/members/:id/assign-trainer */
export async function assignMember({ memberId, trainerId }: { memberId: string; trainerId: string }) {
  const json = await callRoute(memberRoutes.assignTrainer, { params: { id: memberId }, body: { trainerId } });
  return parseResponse(memberRoutes.assignTrainer.responses[200], json, 'POST /members/:id/assign-trainer').data;
}
/** POST /api/members/:id/unassign-trainer */
export async function unassignMember(memberId: string) {
  const json = await callRoute(memberRoutes.unassignTrainer, { params: { id: memberId } });
  return parseResponse(memberRoutes.unassignTrainer.responses[200], json, 'POST /members/:id/unassign-trainer').data;
}

/** When to refresh the trainers' figures again after an assignment (they follow the members service's events). */
const FOLLOW_UP_MS = [1_500, 5_000];

/** A write of this feature; on success the trainer it returned goes into the cache and everything under ['trainers'] refreshes. */
function useTrainerMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, opts: { members?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      const trainer = result as Partial<Trainer> | undefined;
      if (trainer && typeof trainer === 'object' && 'availabilityStatus' in trainer && trainer._id) qc.setQueryData(trainerKeys.detail(trainer._id), trainer);
      void qc.invalidateQueries({ queryKey: trainerKeys.all });
      if (opts.members) {
        void qc.invalidateQueries({ queryKey: memberKeys.all });
        // The trainers service counts clients from the members service's events, a moment later: look again then.
        for (const ms of FOLLOW_UP_MS) setTimeout(() => void qc.invalidateQueries({ queryKey: trainerKeys.all }), ms);
      }
    },
  });
}

export const useCreateTrainer = () => useTrainerMutation(createTrainer);
export const useUpdateTrainer = () => useTrainerMutation(updateTrainer);
export const useArchiveTrainer = () => useTrainerMutation(archiveTrainer, { members: true });
export const useApproveTrainer = () => useTrainerMutation(approveTrainer);
export const useResendTrainerInvitation = () => useTrainerMutation(resendTrainerInvitation);
export const useAddCertification = () => useTrainerMutation(addCertification);
export const useRemoveCertification = () => useTrainerMutation(removeCertification);
export const useUpdateSchedule = () => useTrainerMutation(updateSchedule);
export const useAssignMember = () => useTrainerMutation(assignMember, { members: true });
export const useUnassignMember = () => useTrainerMutation(unassignMember, { members: true });
