import { signInMethodRoutes } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

/** GET /api/settings/sign-in-methods → the password, linked Google accounts and SMS codes of the caller. */
export function useSignInMethods() {
  return useQuery({
    queryKey: settingsKeys.signInMethods,
    queryFn: async () =>
      parseResponse(
        signInMethodRoutes.listSignInMethods.responses[200],
        await callRoute(signInMethodRoutes.listSignInMethods, {}),
        'GET /settings/sign-in-methods',
      ).data,
  });
}

/** DELETE /api/settings/sign-in-methods/:id: unlinks a Google account; answers the methods left. */
export function useUnlinkSignInMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(
        signInMethodRoutes.unlinkSignInMethod.responses[200],
        await callRoute(signInMethodRoutes.unlinkSignInMethod, { params: { id } }),
        'DELETE /settings/sign-in-methods/:id',
      ).data,
    onSuccess: (methods) => qc.setQueryData(settingsKeys.signInMethods, methods),
  });
}
