import { memberRoutes } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { MembersDeps } from '../app/deps.ts';
import { getMember } from '../app/get-member.ts';
import { listMembers } from '../app/list-members.ts';
import { registerMember } from '../app/register-member.ts';

type Svc = Parameters<typeof addRoute>[0];

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (svc: Svc, deps: MembersDeps): void => {
  addRoute(svc, memberRoutes.list, async ({ query, ctx }) => {
    const page = await listMembers(deps, ctx, query);
    return {
      success: true,
      data: page.members,
      totalCount: page.totalCount,
      pagination: { page: page.page, limit: page.limit, totalPages: page.totalPages },
    };
  });

  addRoute(svc, memberRoutes.get, async ({ params, ctx }) => ({ success: true, data: await getMember(deps, ctx, params.id) }));

  addRoute(svc, memberRoutes.create, async ({ body, ctx }, _req, reply) =>
    reply.status(201).send({ success: true, data: await registerMember(deps, ctx, body), message: 'Member registered successfully' }),
  );
};
