import type { MembershipStatus, MembershipType } from '@akhada/contracts';

export interface MemberListParams {
  search?: string;
  status?: MembershipStatus;
  membershipType?: MembershipType;
  locationId?: string;
  page: number;
  limit: number;
}

export const memberKeys = {
  all: ['members'] as const,
  lists: ['members', 'list'] as const,
  list: (p: MemberListParams) => ['members', 'list', p] as const,
  detail: (id: string) => ['members', 'detail', id] as const,
};
