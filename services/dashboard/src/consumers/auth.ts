import { AuthEvents, PLATFORM_ORG_ID, type EventEnvelope } from '@akhada/contracts';
import type { z } from 'zod';
import { upsertActor } from '../db/read-model-repo.ts';
import { handlersFor, type Trx } from './record.ts';

type UserRegistered = z.infer<typeof AuthEvents.UserRegistered.data>;
type ApiKeyChanged = z.infer<typeof AuthEvents.ApiKeyChanged.data>;

/** The auth topic: the names of the people who act (owners, admins), and the audit lines of the organization's accounts. */
export const authHandlers = () =>
  handlersFor(
    'auth',
    AuthEvents,
    {
      [AuthEvents.UserRegistered.type]: (trx: Trx, env: EventEnvelope<UserRegistered>) =>
        upsertActor(trx, { user_id: env.data.userId, org_id: env.orgId, name: `${env.data.firstName} ${env.data.lastName}`.trim() }),
      // A write by an API key is made with the key's id as its actor (issue 29): the trail names it "API key <name>".
      [AuthEvents.ApiKeyChanged.type]: (trx: Trx, env: EventEnvelope<ApiKeyChanged>) =>
        upsertActor(trx, { user_id: env.data.keyId, org_id: env.orgId, name: `API key ${env.data.name}` }),
    },
    // Events of no gym (a website enquiry) belong to no organization's trail.
    (env) => env.orgId === PLATFORM_ORG_ID,
  );
