import { AvailabilityStatus, Specialization } from '@akhada/contracts';
import { currentLocationId } from '../../../lib/current-location';
import type { TrainerListParams } from '../../../lib/query-keys/trainers';
import type { RouteData } from '../../../lib/routing/route-data';
import { myTrainerQueryOptions } from '../api/get-my-trainer';
import { trainerQueryOptions } from '../api/get-trainer';
import { TRAINERS_PAGE_SIZE, trainersQueryOptions } from '../api/get-trainers';
import type { TrainerFilters } from '../components/trainers-filters';

/** The filters in the address (?search&specialization&availability), ignoring values that are not valid. */
export function filtersFrom(params: URLSearchParams): TrainerFilters {
  const specialization = Specialization.safeParse(params.get('specialization'));
  const availability = AvailabilityStatus.safeParse(params.get('availability'));
  return {
    search: params.get('search') ?? '',
    specialization: specialization.success ? specialization.data : '',
    availability: availability.success ? availability.data : '',
  };
}

/** ?view=pending lists the trainers awaiting approval. */
export const viewFrom = (params: URLSearchParams): 'all' | 'pending' => (params.get('view') === 'pending' ? 'pending' : 'all');

/** ?page=, at least 1. */
export const pageFrom = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);

/** The list request for an address and a location: what the trainers page shows and its loader starts. */
export function trainerListParams(params: URLSearchParams, locationId: string | null): TrainerListParams {
  const filters = filtersFrom(params);
  return {
    search: filters.search || undefined,
    specialization: filters.specialization || undefined,
    availability: filters.availability || undefined,
    status: viewFrom(params) === 'pending' ? 'pending' : undefined,
    locationId: locationId ?? undefined,
    page: pageFrom(params),
    limit: TRAINERS_PAGE_SIZE,
  };
}

/** /dashboard/trainers's loader. */
export const trainersData: RouteData = ({ search, user }) => [trainersQueryOptions(trainerListParams(search, currentLocationId(user)))];

/** /dashboard/trainers/:id's loader. */
export const trainerDetailData: RouteData = ({ params }) => (params.id && /^[0-9a-f-]{36}$/i.test(params.id) ? [trainerQueryOptions(params.id)] : []);

/** /dashboard/my-clients's and /dashboard/my-schedule's loader: the trainer's own record first. */
export const myTrainerData: RouteData = ({ user }) => (user.role === 'trainer' ? [myTrainerQueryOptions()] : []);
