import { signInMethodRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** POST /settings/two-factor/sms/setup → a code to the profile's phone (PUT /settings/two-factor with method sms confirms it). */
export function useSmsTwoFactorSetup() {
  return useMutation({
    mutationFn: async () =>
      parseResponse(signInMethodRoutes.smsSetup.responses[200], await callRoute(signInMethodRoutes.smsSetup, {}), 'POST /settings/two-factor/sms/setup').data,
  });
}
