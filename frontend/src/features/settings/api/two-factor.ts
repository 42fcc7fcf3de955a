import { authRoutes, signInMethodRoutes, type UpdateTwoFactorBody } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: settingsKeys.twoFactor,
    queryFn: async () =>
      parseResponse(authRoutes.twoFactorStatus.responses[200], await callRoute(authRoutes.twoFactorStatus, {}), 'GET /settings/two-factor').data,
  });
}

/** POST /settings/two-factor/setup → a new secret and its otpauth:// link (for the QR code). */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: async () =>
      parseResponse(authRoutes.twoFactorSetup.responses[200], await callRoute(authRoutes.twoFactorSetup, {}), 'POST /settings/two-factor/setup').data,
  });
}

/** PUT /settings/two-factor: on with a code (answers the recovery codes, once), off with the password and a current code. */
export function useUpdateTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof UpdateTwoFactorBody>) =>
      parseResponse(authRoutes.updateTwoFactor.responses[200], await callRoute(authRoutes.updateTwoFactor, { body }), 'PUT /settings/two-factor'),
    onSuccess: (res) => qc.setQueryData(settingsKeys.twoFactor, res.data.status),
  });
}

/** POST /auth/login/sms-code: with the password, a sign-in code by SMS (to turn two-factor off when SMS codes are the method). */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      parseResponse(signInMethodRoutes.smsSignInCode.responses[200], await callRoute(signInMethodRoutes.smsSignInCode, { body }), 'POST /auth/login/sms-code')
        .data,
  });
}
