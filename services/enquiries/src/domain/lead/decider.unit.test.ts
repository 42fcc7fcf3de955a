import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import { leadDecider, phoneKey, type LeadEvent } from './decider.ts';

const given = DeciderSpecification.for(leadDecider);
const at = '2030-03-11T05:00:00.000Z';
const later = '2030-03-12T05:00:00.000Z';
const staff = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const details = {
  name: 'Kiran Shah',
  phone: '98765 43210',
  phoneKey: '919876543210',
  email: null,
  interest: 'membership' as const,
  source: 'walk_in' as const,
  preferredTime: 'Mornings',
  notes: '',
};
const captured: LeadEvent = {
  type: 'LeadCaptured',
  data: { ...details, leadId: 'l1', orgId: 'o1', locationId: 'loc1', ownerId: staff, consentText: null, actorId: staff, at },
};
const moved = (from: 'new' | 'contacted' | 'trial_booked' | 'trial_done', to: 'contacted' | 'trial_booked' | 'trial_done' | 'joined'): LeadEvent => ({
  type: 'StageChanged',
  data: { leadId: 'l1', actorId: staff, at, from, to },
});
const lost: LeadEvent = { type: 'LeadLost', data: { leadId: 'l1', actorId: staff, at, from: 'contacted', reason: 'price', note: '' } };
const code =
  (c: string, status = 409) =>
  (e: DomainError) =>
    e.code === c && e.status === status;

describe('lead: capture and enquiries', () => {
  it('captures a lead at stage new', () =>
    given([])
      .when({ type: 'CaptureLead', data: captured.data as Extract<LeadEvent, { type: 'LeadCaptured' }>['data'] })
      .then([captured]));
  it('refuses to capture the same lead twice', () =>
    given([captured])
      .when({ type: 'CaptureLead', data: captured.data as Extract<LeadEvent, { type: 'LeadCaptured' }>['data'] })
      .thenThrows(DomainError, code('CONFLICT')));
  it('a second enquiry joins the timeline', () =>
    given([captured])
      .when({
        type: 'EnquireAgain',
        data: { source: 'website', interest: 'class', preferredTime: '', notes: 'Yoga?', consentText: 'I agree', actorId: null, at: later },
      })
      .then([
        {
          type: 'EnquiredAgain',
          data: { leadId: 'l1', source: 'website', interest: 'class', preferredTime: '', notes: 'Yoga?', consentText: 'I agree', actorId: null, at: later },
        },
      ]));
  it('a command on a lead that does not exist is a 404', () =>
    given([])
      .when({ type: 'AddNote', data: { text: 'x', actorId: staff, at } })
      .thenThrows(DomainError, code('NOT_FOUND', 404)));
});

describe('lead: details', () => {
  it('records only the fields that changed', () =>
    given([captured])
      .when({ type: 'EditLead', data: { actorId: staff, at, changes: { name: 'Kiran Shah', email: 'k@example.com' } } })
      .then([{ type: 'LeadEdited', data: { leadId: 'l1', actorId: staff, at, changes: { email: 'k@example.com' } } }]));
  it('an edit that changes nothing records nothing', () =>
    given([captured])
      .when({ type: 'EditLead', data: { actorId: staff, at, changes: { name: 'Kiran Shah' } } })
      .then([]));
});

describe('lead: pipeline', () => {
  it('moves forward', () =>
    given([captured])
      .when({ type: 'MoveStage', data: { actorId: staff, at, stage: 'contacted' } })
      .then([moved('new', 'contacted')]));
  it('moves back (a mistake undone)', () =>
    given([captured, moved('new', 'trial_booked')])
      .when({ type: 'MoveStage', data: { actorId: staff, at, stage: 'contacted' } })
      .then([{ type: 'StageChanged', data: { leadId: 'l1', actorId: staff, at, from: 'trial_booked', to: 'contacted' } }]));
  it('refuses the stage it is at', () =>
    given([captured])
      .when({ type: 'MoveStage', data: { actorId: staff, at, stage: 'new' } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('a joined lead stays joined', () =>
    given([captured, moved('new', 'joined')])
      .when({ type: 'LoseLead', data: { actorId: staff, at, reason: 'price', note: '' } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('loses a lead with a reason, from the stage it was at', () =>
    given([captured, moved('new', 'contacted')])
      .when({ type: 'LoseLead', data: { actorId: staff, at, reason: 'price', note: '' } })
      .then([lost]));
  it('a lost lead does not move until reopened', () =>
    given([captured, moved('new', 'contacted'), lost])
      .when({ type: 'MoveStage', data: { actorId: staff, at, stage: 'trial_booked' } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('reopening puts a lost lead back where it was lost from', () =>
    given([captured, moved('new', 'contacted'), lost])
      .when({ type: 'ReopenLead', data: { actorId: staff, at } })
      .then([{ type: 'LeadReopened', data: { leadId: 'l1', actorId: staff, at, to: 'contacted' } }]));
  it('only a lost lead is reopened', () =>
    given([captured])
      .when({ type: 'ReopenLead', data: { actorId: staff, at } })
      .thenThrows(DomainError, code('CONFLICT')));
});

describe('lead: owner, notes and follow-ups', () => {
  it('assigns another owner; the same owner again records nothing', () => {
    given([captured])
      .when({ type: 'AssignLead', data: { actorId: staff, at, ownerId: other } })
      .then([{ type: 'LeadAssigned', data: { leadId: 'l1', actorId: staff, at, ownerId: other } }]);
    given([captured])
      .when({ type: 'AssignLead', data: { actorId: staff, at, ownerId: staff } })
      .then([]);
  });
  it('adds a note', () =>
    given([captured])
      .when({ type: 'AddNote', data: { actorId: staff, at, text: 'Asked about fees' } })
      .then([{ type: 'NoteAdded', data: { leadId: 'l1', actorId: staff, at, text: 'Asked about fees' } }]));
  const added: LeadEvent = {
    type: 'FollowUpAdded',
    data: { leadId: 'l1', actorId: staff, at, followUpId: 'f1', kind: 'call', dueAt: later, note: '', assigneeId: staff },
  };
  it('adds a follow-up and completes it once, with its outcome', () => {
    given([captured])
      .when({ type: 'AddFollowUp', data: { actorId: staff, at, followUpId: 'f1', kind: 'call', dueAt: later, note: '', assigneeId: staff } })
      .then([added]);
    given([captured, added])
      .when({ type: 'CompleteFollowUp', data: { actorId: staff, at: later, followUpId: 'f1', outcome: 'Coming Monday' } })
      .then([{ type: 'FollowUpCompleted', data: { leadId: 'l1', actorId: staff, at: later, followUpId: 'f1', outcome: 'Coming Monday' } }]);
    given([captured, added, { type: 'FollowUpCompleted', data: { leadId: 'l1', actorId: staff, at: later, followUpId: 'f1', outcome: 'x' } }])
      .when({ type: 'CompleteFollowUp', data: { actorId: staff, at: later, followUpId: 'f1', outcome: 'again' } })
      .thenThrows(DomainError, code('CONFLICT'));
  });
  it('an unknown follow-up is a 404; one due long ago is a 400', () => {
    given([captured])
      .when({ type: 'CompleteFollowUp', data: { actorId: staff, at, followUpId: 'nope', outcome: 'x' } })
      .thenThrows(DomainError, code('NOT_FOUND', 404));
    given([captured])
      .when({
        type: 'AddFollowUp',
        data: { actorId: staff, at, followUpId: 'f2', kind: 'visit', dueAt: '2030-03-01T00:00:00.000Z', note: '', assigneeId: null },
      })
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400));
  });
});

describe('phoneKey', () => {
  it('knows one Indian mobile however it is written', () => {
    for (const p of ['9876543210', '+91 98765 43210', '098765-43210', '(91) 98765 43210']) expect(phoneKey(p)).toBe('919876543210');
  });
});
