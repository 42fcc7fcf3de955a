import { AuthEvents, PLATFORM_ORG_ID, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { upsertActor } from '../db/read-model-repo.ts';
import { handlersFor, type Trx } from './record.ts';

type UserRegistered = z.infer<typeof AuthEvents.UserRegistered.data>;

/** The auth topic: the names of the people who act (owners, admins), and the audit lines of the organization's accounts. */
export const authHandlers = () =>
  handlersFor(
    'auth',
    AuthEvents,
    {
      [AuthEvents.UserRegistered.type]: (trx: Trx, env: EventEnvelope<UserRegistered>) =>
        upsertActor(trx, { user_id: env.data.userId, org_id: env.orgId, name: `${env.data.firstName} ${env.data.lastName}`.trim() }),
    },
    // Events of no gym (a website enquiry) belong to no organization's trail.
    (env) => env.orgId === PLATFORM_ORG_ID,
  );
