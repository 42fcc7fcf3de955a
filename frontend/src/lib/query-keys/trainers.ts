import type { AvailabilityStatus, Specialization, TrainerStatus } from '@akhada/contracts';

export interface TrainerListParams {
  search?: string;
  specialization?: Specialization;
  availability?: AvailabilityStatus;
  status?: TrainerStatus;
  locationId?: string;
  page: number;
  limit: number;
}

/**
 * The trainers feature's cache keys, the one factory for them. Everything is under ['trainers'], so a change to a
 * trainer refreshes lists, details, clients and schedules at once.
 */
export const trainerKeys = {
  all: ['trainers'] as const,
  lists: ['trainers', 'list'] as const,
  list: (p: TrainerListParams) => ['trainers', 'list', p] as const,
  me: ['trainers', 'me'] as const,
  detail: (id: string) => ['trainers', 'detail', id] as const,
  clients: (id: string, page: number, limit: number) => ['trainers', 'clients', id, { page, limit }] as const,
  schedule: (id: string) => ['trainers', 'schedule', id] as const,
  earnings: (id: string, startDate: string, endDate: string) => ['trainers', 'earnings', id, { startDate, endDate }] as const,
  /** Members of a location without a trainer (the Assign dialog); under ['trainers'] so an assignment refreshes it. */
  assignable: (locationId: string, search: string) => ['trainers', 'assignable', locationId, search] as const,
};
