import { signInMethodRoutes } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';

/** POST /api/auth/login/sms-code: with the right password, a sign-in code goes to the enrolled phone. */
export function useSendSmsSignInCode() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      parseResponse(signInMethodRoutes.smsSignInCode.responses[200], await callRoute(signInMethodRoutes.smsSignInCode, { body }), 'POST /auth/login/sms-code')
        .data,
  });
}
