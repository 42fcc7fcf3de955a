import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';

/**
 * The location whose timetable a screen shows: staff the one chosen in the shell (an owner looking at "all locations"
 * gets their first, since a timetable is one location's); a member or a trainer their own (first) location.
 */
export function useScheduleLocation() {
  const user = useUser();
  const current = useCurrentLocation(user);
  const locationId = current.locationId ?? user.locations[0]?._id ?? null;
  const location = user.locations.find((l) => l._id === locationId) ?? null;
  return { locationId, location, locations: user.locations, canSwitch: current.canSwitch && user.locations.length > 1, setLocationId: current.setLocationId };
}
