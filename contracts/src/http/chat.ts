import { z } from 'zod';
import { Role } from '../enums.ts';
import { ANY_ROLE, IsoDateTime, ok, Problem, route } from './route.ts';

/** What GET /chat/ping answers: an example to replace with the service's real contracts. */
export const ChatPing = z.object({
  service: z.literal('chat'),
  orgId: z.uuid(),
  role: Role,
  examples: z.number().int().min(0),
  at: IsoDateTime,
});
export type ChatPing = z.infer<typeof ChatPing>;

export const chatRoutes = {
  ping: route({
    method: 'GET',
    path: '/chat/ping',
    responses: { 200: ok(ChatPing), 401: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'Example route of the chat service: who is calling and how many examples the organization has.',
  }),
} as const;
