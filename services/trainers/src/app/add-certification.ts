import type { AddCertificationBody, Trainer } from '@akhada/contracts';
import { newId, type RequestContext } from '@akhada/kit';
import { commandTrainer } from './command-trainer.ts';
import { todayFor, type TrainersDeps } from './deps.ts';
import { requireSelfOrStaff, trainerView } from './trainer-access.ts';

/** Staff, or the trainer themself, record a certification. */
export const addCertification = async (
  deps: Pick<TrainersDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  id: string,
  body: AddCertificationBody,
): Promise<Trainer> => {
  await commandTrainer(
    deps,
    ctx,
    id,
    () => ({
      type: 'AddCertification',
      data: {
        certificationId: newId(),
        name: body.name,
        issuingOrganization: body.issuingOrganization,
        issueDate: body.issueDate,
        expiryDate: body.expiryDate ?? null,
        addedAt: deps.clock().toISOString(),
      },
    }),
    { authorize: (row) => requireSelfOrStaff(ctx, row.id, 'Trainers can change only their own certifications') },
  );
  return trainerView(deps.db, ctx, id, todayFor(deps));
};
