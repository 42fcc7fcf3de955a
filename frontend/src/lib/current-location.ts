import type { User } from '@akhada/contracts';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** The branch staff are looking at, persisted in localStorage `locationId` ("" = all locations, owners only). */
const KEY = 'locationId';
const EVENT = 'akhada:location';

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function subscribe(cb: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) cb();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(EVENT, cb);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(EVENT, cb);
  };
}

export function canSwitchLocation(user: Pick<User, 'role'>): boolean {
  return user.role === 'owner' || user.role === 'admin';
}

/** Pure resolution of the stored choice against what the user may see. null = all locations / server decides. */
export function resolveLocationId(user: Pick<User, 'role' | 'locations'>, stored: string | null): string | null {
  if (!canSwitchLocation(user)) return null;
  const ids = user.locations.map((l) => l._id);
  if (stored && ids.includes(stored)) return stored;
  if (user.role === 'owner') return null;
  return ids[0] ?? null;
}

/** The location the user is looking at now, outside React (route loaders): the same answer as useCurrentLocation. */
export function currentLocationId(user: Pick<User, 'role' | 'locations'>): string | null {
  return resolveLocationId(user, read());
}

export function useCurrentLocation(user: User) {
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const locationId = useMemo(() => resolveLocationId(user, stored), [user, stored]);
  const setLocationId = useCallback((id: string | null) => {
    try {
      localStorage.setItem(KEY, id ?? '');
    } catch {
      /* not persisted in private mode */
    }
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return {
    locationId,
    setLocationId,
    canSwitch: canSwitchLocation(user),
    allowAll: user.role === 'owner',
    locations: user.locations,
  };
}
