import {
  AddCertificationBody,
  AssignTrainerBody,
  CreateTrainerBody,
  Member,
  memberRoutes,
  Trainer,
  trainersRoutes,
  UpdateScheduleBody,
  type TrainerSchedule,
} from '@akhada/contracts';
import type { z } from 'zod';
import { on, problem, reply } from './contract-handlers';
import { PUNE } from './fixtures';

/* Trainers for component tests: records parsed with their contracts, and the trainers service kept in memory. */

let seq = 0;
const nextId = () => `0198a3c1-0000-7000-9000-${(++seq).toString(16).padStart(12, '0')}`;

type TrainerOverrides = Partial<Omit<Trainer, 'user'>> & { firstName?: string; lastName?: string; user?: Partial<Trainer['user']> };

/** A trainer of Akhada Pune (available, 0/10 clients) unless told otherwise; derived fields follow the given ones. */
export function aTrainer(overrides: TrainerOverrides = {}): Trainer {
  const { firstName = 'Vikram', lastName = 'Singh', user, ...rest } = overrides;
  const maxClients = rest.maxClients ?? 10;
  const currentClients = rest.currentClients ?? 0;
  const isAvailable = rest.isAvailable ?? true;
  return Trainer.parse({
    _id: nextId(),
    user: { firstName, lastName, email: `${firstName.toLowerCase()}@akhada.test`, phone: '+91 98100 11223', dateOfBirth: null, gender: null, ...user },
    fullName: `${firstName} ${lastName}`,
    avatarUrl: null,
    locationId: PUNE._id,
    specialization: ['strength_training'],
    experience: 5,
    hourlyRate: 800,
    bio: '',
    certifications: [],
    rating: { average: 0, count: 0 },
    status: 'active',
    accountStatus: 'invited',
    joinedWithCode: false,
    createdAt: '2026-01-10T05:00:00.000Z',
    version: 1,
    ...rest,
    maxClients,
    currentClients,
    isAvailable,
    availabilityStatus: !isAvailable ? 'unavailable' : currentClients >= maxClients ? 'fully_booked' : 'available',
    clientCapacity: `${currentClients}/${maxClients}`,
  });
}

/** A member (the members contract as it is now) of Akhada Pune without a trainer. */
export function aClientMember(overrides: Partial<Member> & { firstName?: string; lastName?: string } = {}): Member {
  const { firstName = 'Rohan', lastName = 'Patil', ...rest } = overrides;
  return Member.parse({
    _id: nextId(),
    user: { firstName, lastName, email: `${firstName.toLowerCase()}@example.in`, phone: '+91 91234 56789' },
    fullName: `${firstName} ${lastName}`,
    avatarUrl: null,
    locationId: PUNE._id,
    membershipType: 'basic',
    membershipStatus: 'active',
    membershipStartDate: '2026-01-01',
    membershipEndDate: '2026-12-31',
    membershipFee: 1500,
    paymentFrequency: 'monthly',
    paymentMethod: 'upi',
    daysRemaining: 120,
    trainer: null,
    lastCheckIn: null,
    totalWorkouts: 0,
    dateOfBirth: null,
    gender: null,
    status: 'active',
    frozenFrom: null,
    accountStatus: 'active',
    joinedWithCode: false,
    acquisitionSource: null,
    enquiryId: null,
    createdAt: '2026-01-01T05:00:00.000Z',
    version: 1,
    ...rest,
  });
}

const derive = (tr: Trainer): Trainer => aTrainer({ ...tr, firstName: tr.user.firstName, lastName: tr.user.lastName, user: tr.user });

const page = <T>(items: T[], url: URL) => {
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const p = Number(url.searchParams.get('page') ?? 1);
  return {
    data: items.slice((p - 1) * limit, p * limit),
    totalCount: items.length,
    pagination: { page: p, limit, totalPages: Math.ceil(items.length / limit) },
  };
};

/**
 * The trainers service (and the members calls the trainers screens make), in memory: list with search and filters,
 * detail, create, certifications, clients, schedule, earnings, and assignment through the members routes.
 */
export function trainersService({ trainers: initial = [], members: initialMembers = [] }: { trainers?: Trainer[]; members?: Member[] } = {}) {
  const trainers = [...initial];
  const members = [...initialMembers];
  const bodies: { create: unknown[]; assign: unknown[]; schedule: unknown[]; list: URL[] } = { create: [], assign: [], schedule: [], list: [] };
  const schedules = new Map<string, z.input<typeof TrainerSchedule>>();
  const find = (id: string) => trainers.find((tr) => tr._id === id);
  const put = (tr: Trainer) => {
    const i = trainers.findIndex((x) => x._id === tr._id);
    trainers[i] = derive(tr);
    return trainers[i]!;
  };
  const notFound = () => problem(404, 'NOT_FOUND', 'Trainer not found');
  const clientsOf = (id: string) => members.filter((m) => m.trainer?._id === id);

  const handlers = [
    on(trainersRoutes.list, ({ request }) => {
      const url = new URL(request.url);
      bodies.list.push(url);
      const search = url.searchParams.get('search')?.toLowerCase();
      const specialization = url.searchParams.get('specialization');
      const availability = url.searchParams.get('availability');
      const status = url.searchParams.get('status');
      const matching = trainers.filter(
        (tr) =>
          (status ? tr.status === status : tr.status === 'active') &&
          (!search || [tr.fullName, tr.user.email, tr.user.phone, ...tr.specialization].some((v) => v.toLowerCase().includes(search))) &&
          (!specialization || tr.specialization.includes(specialization as never)) &&
          (!availability || tr.availabilityStatus === availability),
      );
      return reply(trainersRoutes.list, 200, { success: true, ...page(matching, url) });
    }),
    on(trainersRoutes.get, ({ params }) => {
      const tr = find(String(params.id));
      return tr ? reply(trainersRoutes.get, 200, { success: true, data: tr }) : notFound();
    }),
    on(trainersRoutes.create, async ({ request }) => {
      const body = CreateTrainerBody.parse(await request.json());
      bodies.create.push(body);
      const tr = aTrainer({
        firstName: body.firstName,
        lastName: body.lastName,
        user: { email: body.email, phone: body.phone },
        specialization: body.specialization,
        experience: body.experience,
        hourlyRate: body.hourlyRate,
        maxClients: body.maxClients,
        bio: body.bio,
        certifications: body.certifications.map((c) => ({ ...c, _id: nextId(), expiryDate: c.expiryDate ?? null, expiryState: 'valid' as const })),
      });
      trainers.unshift(tr);
      return reply(trainersRoutes.create, 201, { success: true, data: tr });
    }),
    on(trainersRoutes.approve, ({ params }) => {
      const tr = find(String(params.id));
      return tr ? reply(trainersRoutes.approve, 200, { success: true, data: put({ ...tr, status: 'active' }) }) : notFound();
    }),
    on(trainersRoutes.archive, ({ params }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      put({ ...tr, status: 'archived' });
      return reply(trainersRoutes.archive, 200, { success: true, message: 'Trainer archived' });
    }),
    on(trainersRoutes.addCertification, async ({ params, request }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      const c = AddCertificationBody.parse(await request.json());
      const cert = { ...c, _id: nextId(), expiryDate: c.expiryDate ?? null, expiryState: 'valid' as const };
      return reply(trainersRoutes.addCertification, 201, { success: true, data: put({ ...tr, certifications: [...tr.certifications, cert] }) });
    }),
    on(trainersRoutes.removeCertification, ({ params }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      return reply(trainersRoutes.removeCertification, 200, {
        success: true,
        data: put({ ...tr, certifications: tr.certifications.filter((c) => c._id !== params.certificationId) }),
      });
    }),
    on(trainersRoutes.members, ({ params, request }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      const clients = clientsOf(tr._id).map((m) => ({
        _id: m._id,
        fullName: m.fullName,
        email: m.user.email,
        phone: m.user.phone,
        membershipStatus: m.membershipStatus,
        membershipEndDate: m.membershipEndDate,
        assignedAt: '2026-02-01T05:00:00.000Z',
      }));
      return reply(trainersRoutes.members, 200, { success: true, ...page(clients, new URL(request.url)) });
    }),
    on(trainersRoutes.schedule, ({ params }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      return reply(trainersRoutes.schedule, 200, { success: true, data: schedules.get(tr._id) ?? { timezone: 'Asia/Kolkata', weeklySlots: [], sessions: [] } });
    }),
    on(trainersRoutes.updateSchedule, async ({ params, request }) => {
      const tr = find(String(params.id));
      if (!tr) return notFound();
      const body = UpdateScheduleBody.parse(await request.json());
      bodies.schedule.push(body);
      const next = { ...(schedules.get(tr._id) ?? { timezone: 'Asia/Kolkata', sessions: [] }), weeklySlots: body.weeklySlots };
      schedules.set(tr._id, next);
      return reply(trainersRoutes.updateSchedule, 200, { success: true, data: next });
    }),
    on(trainersRoutes.earnings, ({ request }) => {
      const url = new URL(request.url);
      return reply(trainersRoutes.earnings, 200, {
        success: true,
        data: {
          startDate: url.searchParams.get('startDate') ?? '2026-03-01',
          endDate: url.searchParams.get('endDate') ?? '2026-03-31',
          total: 0,
          sessions: 0,
          byType: [],
          sourceAvailable: false,
        },
      });
    }),
    on(memberRoutes.list, ({ request }) => {
      const url = new URL(request.url);
      const locationId = url.searchParams.get('locationId');
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = members.filter(
        (m) =>
          (!locationId || m.locationId === locationId) && (!search || [m.fullName, m.user.email, m.user.phone].some((v) => v.toLowerCase().includes(search))),
      );
      return reply(memberRoutes.list, 200, { success: true, ...page(matching, url) });
    }),
    on(memberRoutes.assignTrainer, async ({ params, request }) => {
      const body = AssignTrainerBody.parse(await request.json());
      bodies.assign.push({ memberId: params.id, ...body });
      const m = members.find((x) => x._id === params.id);
      const tr = find(body.trainerId);
      if (!m || !tr) return problem(404, 'NOT_FOUND', 'Member not found');
      if (tr.availabilityStatus !== 'available') return problem(409, 'TRAINER_FULL', `${tr.fullName} is fully booked (${tr.clientCapacity})`);
      const updated = Member.parse({
        ...m,
        trainer: { _id: tr._id, user: { firstName: tr.user.firstName, lastName: tr.user.lastName }, specialization: tr.specialization },
      });
      members[members.indexOf(m)] = updated;
      put({ ...tr, currentClients: tr.currentClients + 1 });
      return reply(memberRoutes.assignTrainer, 200, { success: true, data: updated });
    }),
    on(memberRoutes.unassignTrainer, ({ params }) => {
      const m = members.find((x) => x._id === params.id);
      if (!m?.trainer) return problem(404, 'NOT_FOUND', 'Member not found');
      const tr = find(m.trainer._id);
      const updated = Member.parse({ ...m, trainer: null });
      members[members.indexOf(m)] = updated;
      if (tr) put({ ...tr, currentClients: Math.max(0, tr.currentClients - 1) });
      return reply(memberRoutes.unassignTrainer, 200, { success: true, data: updated });
    }),
  ];
  return { trainers, members, bodies, handlers };
}
