import { DEFAULT_BRAND_COLOR, gymSettingsRoutes, type UpdatePreferencesBody, type UserPreferences } from '@akhada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { callRoute, parseResponse } from './api-client';
import { currentLanguage, setLanguage } from './i18n';
import { preferencesKeys } from './query-keys/preferences';
import { useTheme } from './theme';
import '../styles/density.css';

/** GET /settings/preferences: the caller's appearance and privacy choices with the gym's brand colour. */
export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: preferencesKeys.mine,
    queryFn: async ({ signal }) =>
      parseResponse(gymSettingsRoutes.getPreferences.responses[200], await callRoute(gymSettingsRoutes.getPreferences, { signal }), 'GET /settings/preferences')
        .data,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof UpdatePreferencesBody>) =>
      parseResponse(gymSettingsRoutes.putPreferences.responses[200], await callRoute(gymSettingsRoutes.putPreferences, { body }), 'PUT /settings/preferences')
        .data,
    onSuccess: (data) => qc.setQueryData(preferencesKeys.mine, data),
  });
}

/** The gym's brand colour as the app's accent (the designed blues stay for the default colour). */
export function applyBrandColor(color: string) {
  const root = document.documentElement.style;
  if (!/^#[0-9a-f]{6}$/i.test(color) || color.toLowerCase() === DEFAULT_BRAND_COLOR) {
    for (const p of ['--primary', '--primary-hover', '--primary-active', '--primary-text']) root.removeProperty(p);
    return;
  }
  root.setProperty('--primary', color);
  root.setProperty('--primary-hover', `color-mix(in srgb, ${color} 85%, black)`);
  root.setProperty('--primary-active', `color-mix(in srgb, ${color} 75%, black)`);
  root.setProperty('--primary-text', `color-mix(in srgb, ${color} 80%, var(--text, black))`);
}

export function applyDensity(density: UserPreferences['density']) {
  document.documentElement.dataset.density = density;
}

/**
 * At sign-in (the shell mounts it once): the user's saved theme, language and density, and the gym's brand colour,
 * on whichever device they sign in from.
 */
export function usePreferencesSync() {
  const { data } = usePreferences();
  const { setTheme } = useTheme();
  const applied = useRef(false);
  useEffect(() => {
    if (!data) return;
    applyBrandColor(data.brandColor);
    applyDensity(data.density);
    // Never saved: this device's own theme and language stay.
    if (applied.current || !data.savedAt) return;
    applied.current = true;
    setTheme(data.theme);
    if (data.language !== currentLanguage()) void setLanguage(data.language);
  }, [data, setTheme]);
}
