import { z } from 'zod';
import { ERASING_SERVICES } from '../events/data-rights.ts';
import { ANY_ROLE, IdParams, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/** What a person agreed to: the gym's terms at sign-up, WhatsApp/SMS messages, marketing email. */
export const ConsentPurpose = z.enum(['terms', 'messaging', 'marketing_email']);
export type ConsentPurpose = z.infer<typeof ConsentPurpose>;
/** How: the sign-up form, the person's own settings page, or staff on the member's behalf. */
export const ConsentChannel = z.enum(['sign_up', 'settings', 'staff']);
export type ConsentChannel = z.infer<typeof ConsentChannel>;

/** One line of the append-only consent ledger: a consent given or withdrawn. */
export const ConsentRecord = z.object({
  id: z.uuid(),
  purpose: ConsentPurpose,
  granted: z.boolean(),
  channel: ConsentChannel,
  recordedAt: IsoDateTime,
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;
export const ConsentHistory = z.object({ records: z.array(ConsentRecord) });

/** The rights of the DPDP Act a person asks for from their settings: a copy of their data, a correction, an erasure. */
export const DataRequestType = z.enum(['access', 'correction', 'erasure']);
export type DataRequestType = z.infer<typeof DataRequestType>;
/** open → (erasure approved) erasing → completed; or rejected. */
export const DataRequestStatus = z.enum(['open', 'erasing', 'completed', 'rejected']);
export type DataRequestStatus = z.infer<typeof DataRequestStatus>;
/** The law's deadline the desk works to: a request is due 30 days after it was made. */
export const DATA_REQUEST_DUE_DAYS = 30;

export const DataRequest = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  requesterName: z.string(),
  type: DataRequestType,
  details: z.string(),
  status: DataRequestStatus,
  createdAt: IsoDateTime,
  dueAt: IsoDateTime,
  overdue: z.boolean(),
  closedAt: IsoDateTime.nullable(),
  note: z.string().nullable(),
  /** For an erasure being carried out: the services that have confirmed. */
  erasedBy: z.array(z.enum(ERASING_SERVICES)),
});
export type DataRequest = z.infer<typeof DataRequest>;
export const DataRequestList = z.object({ requests: z.array(DataRequest) });

export const NewDataRequestBody = z.object({
  type: DataRequestType,
  details: Text('Details', { multiline: true }).trim().max(2000, 'Keep the details under 2000 characters').default(''),
});
export const DataRequestDecisionBody = z.object({
  /** approve: an erasure starts across services (any other type is closed as done); reject: closed, nothing done. */
  decision: z.enum(['approve', 'reject']),
  note: Text('Note', { multiline: true }).trim().min(1, 'Write a note for the member').max(2000, 'Keep the note under 2000 characters'),
});

const STAFF = ['owner', 'admin'] as const;

export const dataRightsRoutes = {
  myConsents: route({
    method: 'GET',
    path: '/settings/consents',
    responses: { 200: ok(ConsentHistory) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s consent history: what they agreed to or withdrew, when and how (newest first).',
  }),
  memberConsents: route({
    method: 'GET',
    path: '/settings/consents/:id',
    params: IdParams,
    responses: { 200: ok(ConsentHistory), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'A person’s consent history, for the staff of their gym.',
  }),
  myRequests: route({
    method: 'GET',
    path: '/settings/data-requests/mine',
    responses: { 200: ok(DataRequestList) },
    auth: true,
    roles: ANY_ROLE,
    summary: 'The caller’s own data-rights requests.',
  }),
  createRequest: route({
    method: 'POST',
    path: '/settings/data-requests',
    body: NewDataRequestBody,
    responses: { 201: ok(DataRequest), 400: Problem, 409: Problem },
    allowReadOnly: true,
    auth: true,
    roles: ['member'],
    summary: 'Ask for a copy of one’s data, a correction or an erasure; due in 30 days. One open request per type.',
  }),
  queue: route({
    method: 'GET',
    path: '/settings/data-requests',
    responses: { 200: ok(DataRequestList) },
    auth: true,
    roles: STAFF,
    summary: 'The gym’s data-rights requests, open ones first by due date, with overdue ones marked.',
  }),
  getRequest: route({
    method: 'GET',
    path: '/settings/data-requests/:id',
    params: IdParams,
    responses: { 200: ok(DataRequest), 400: Problem, 404: Problem },
    auth: true,
    roles: ANY_ROLE,
    summary: 'One request: a member’s own, or any of the gym’s for staff.',
  }),
  decide: route({
    method: 'POST',
    path: '/settings/data-requests/:id/decision',
    params: IdParams,
    body: DataRequestDecisionBody,
    responses: { 200: ok(DataRequest), 400: Problem, 404: Problem, 409: Problem },
    allowReadOnly: true,
    auth: true,
    roles: STAFF,
    summary: 'Approve or reject an open request with a note; an approved erasure is carried out by every service.',
    description:
      'Approving an erasure publishes auth.person_erasure_requested; the request stays `erasing` until every service has answered <service>.person_erased, then it is completed and the member is told by email.',
  }),
} as const;
