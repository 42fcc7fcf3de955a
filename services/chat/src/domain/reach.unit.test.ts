import { describe, expect, it } from 'vitest';
import { mayReach, type Person } from './reach.ts';

const org = 'o1';
const p = (id: string, role: Person['role'], locationIds: string[], trainerId: string | null = null, o = org): Person => ({
  id,
  orgId: o,
  role,
  locationIds,
  trainerId,
  active: true,
});
const owner = p('owner', 'owner', []);
const adminA = p('adminA', 'admin', ['A']);
const adminB = p('adminB', 'admin', ['B']);
const trainer = p('trainer', 'trainer', ['A']);
const otherTrainer = p('trainer2', 'trainer', ['A']);
const member = p('member', 'member', ['A'], 'trainer');
const memberB = p('memberB', 'member', ['B'], null);
const stranger = p('stranger', 'admin', ['A'], null, 'o2');

describe('who may talk to whom', () => {
  it('a member reaches their trainer and the staff of their location, nobody else', () => {
    expect(mayReach(member, trainer)).toBe(true);
    expect(mayReach(member, otherTrainer)).toBe(false);
    expect(mayReach(member, adminA)).toBe(true);
    expect(mayReach(member, owner)).toBe(true);
    expect(mayReach(member, adminB)).toBe(false);
    expect(mayReach(member, memberB)).toBe(false);
  });
  it('a trainer reaches their clients and the staff', () => {
    expect(mayReach(trainer, member)).toBe(true);
    expect(mayReach(otherTrainer, member)).toBe(false);
    expect(mayReach(trainer, adminB)).toBe(true);
    expect(mayReach(trainer, otherTrainer)).toBe(false);
  });
  it('staff reach anyone of their locations and the other staff; an owner every location', () => {
    expect(mayReach(adminA, member)).toBe(true);
    expect(mayReach(adminA, memberB)).toBe(false);
    expect(mayReach(adminA, adminB)).toBe(true);
    expect(mayReach(owner, memberB)).toBe(true);
  });
  it('nobody reaches another organization, themselves or an inactive person', () => {
    expect(mayReach(stranger, member)).toBe(false);
    expect(mayReach(owner, stranger)).toBe(false);
    expect(mayReach(owner, owner)).toBe(false);
    expect(mayReach(owner, { ...member, active: false })).toBe(false);
  });
});
