/**
 * Who may talk to whom, following the organization (pure: the callers load both people from this service's copy).
 * - a member reaches their trainer and the staff (owner, admin) of their location (an owner runs every location);
 * - a trainer reaches their clients and the staff;
 * - staff reach anyone of their locations, and the other staff.
 * Nobody reaches another organization or an inactive (archived, deactivated) person.
 */
export type ChatRole = 'owner' | 'admin' | 'trainer' | 'member';

export interface Person {
  id: string;
  orgId: string;
  role: ChatRole;
  locationIds: readonly string[];
  /** A member's trainer. */
  trainerId: string | null;
  active: boolean;
}

const isStaff = (r: ChatRole) => r === 'owner' || r === 'admin';
const shareLocation = (a: readonly string[], b: readonly string[]) => a.some((l) => b.includes(l));

/** Staff whose location list covers a location: an owner covers every location of their organization. */
const staffCovers = (staff: Person, locationIds: readonly string[]) => staff.role === 'owner' || shareLocation(staff.locationIds, locationIds);

export const mayReach = (caller: Person, target: Person): boolean => {
  if (caller.orgId !== target.orgId || caller.id === target.id || !target.active) return false;
  if (isStaff(caller.role)) {
    if (isStaff(target.role)) return true;
    return caller.role === 'owner' || shareLocation(caller.locationIds, target.locationIds);
  }
  if (caller.role === 'trainer') {
    if (isStaff(target.role)) return true;
    return target.role === 'member' && target.trainerId === caller.id;
  }
  // member
  if (target.role === 'trainer') return caller.trainerId === target.id;
  if (isStaff(target.role)) return staffCovers(target, caller.locationIds);
  return false;
};
