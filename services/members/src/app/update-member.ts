import type { Member, UpdateMemberBody } from '@akhada/contracts';
import { conflict, isUniqueViolation, type RequestContext } from '@akhada/kit';
import { MEMBER_EMAIL_UNIQUE } from '../db/migrations.ts';
import { staffCommandView, type CommandDeps } from './member-command.ts';

/** Edit Profile: the personal details; 409 when the member changed since the editor loaded it (expectedVersion). */
export const updateMember = async (deps: CommandDeps, ctx: RequestContext, id: string, body: UpdateMemberBody): Promise<Member> => {
  try {
    return await staffCommandView(
      deps,
      ctx,
      id,
      (row) => {
        if (body.expectedVersion !== undefined && body.expectedVersion !== row.version) {
          throw conflict('CONCURRENCY_CONFLICT', 'Someone else changed this member since you opened it. Reload to see their changes.');
        }
        return {
          type: 'ChangeProfile',
          data: {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            dateOfBirth: body.dateOfBirth === undefined ? row.date_of_birth : body.dateOfBirth,
            gender: body.gender === undefined ? row.gender : body.gender,
          },
        };
      },
      async (trx, row) => {
        // The version read outside may be stale: check again under the transaction's view.
        const fresh = await trx.selectFrom('members').select('version').where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
        if (body.expectedVersion !== undefined && body.expectedVersion !== fresh.version) {
          throw conflict('CONCURRENCY_CONFLICT', 'Someone else changed this member since you opened it. Reload to see their changes.');
        }
      },
    );
  } catch (err) {
    if (isUniqueViolation(err, MEMBER_EMAIL_UNIQUE)) throw conflict('EMAIL_TAKEN', 'A member with this email already exists');
    throw err;
  }
};
