import { newId } from '@akhada/kit';
import { describe, expect, it } from 'vitest';
import { locationRoom, roomsOf, userRoom } from './socket-types.ts';

const [orgId, otherOrg, L1, L2, userId] = [newId(), newId(), newId(), newId(), newId()];

describe('socket rooms', () => {
  it('puts owners and admins in a room per location of their token, named with their organization', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(roomsOf({ userId, orgId, role, locationIds: [L1, L2] })).toEqual([userRoom(userId), locationRoom(orgId, L1), locationRoom(orgId, L2)]);
    }
  });
  it('gives members and trainers their own room only, whatever locations their token names', () => {
    for (const role of ['member', 'trainer'] as const) expect(roomsOf({ userId, orgId, role, locationIds: [L1] })).toEqual([userRoom(userId)]);
  });
  it('never shares a location room between organizations', () => {
    expect(locationRoom(orgId, L1)).not.toBe(locationRoom(otherOrg, L1));
  });
});
