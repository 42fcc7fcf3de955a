import { conflict, type RequestContext } from '@akhada/kit';
import { staffCommand, type CommandDeps } from './member-command.ts';

/** Ask auth for a new sign-in link, only while the member has not signed in yet (invited, or the mail failed). */
export const resendInvitation = async (deps: CommandDeps, ctx: RequestContext, id: string): Promise<void> => {
  await staffCommand(
    deps,
    ctx,
    id,
    () => ({ type: 'RequestInvitationResend', data: {} }),
    async (_trx, row) => {
      if (row.account_status !== 'invited' && row.account_status !== 'failed') {
        throw conflict('CONFLICT', 'This member has already set up their account; there is no invitation to resend');
      }
    },
  );
};
