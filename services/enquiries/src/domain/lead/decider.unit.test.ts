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
      .then([{ type: 'LeadAssigned', data: { leadId: 'l1', actorId: staff, at, ownerId: other, from: staff } }]);
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

describe('lead: trial passes', () => {
  // A 3-day pass issued Monday 10:00 in Kolkata: valid until Thursday 00:00 there.
  const facts = {
    passId: 'p1',
    code: 'TP-ABCDE-FGHJK',
    days: 3,
    validFrom: at,
    validUntil: '2030-03-13T18:30:00.000Z',
    lastDay: '2030-03-13',
  };
  const issue = (o: Partial<typeof facts> = {}, when = at) => ({ type: 'IssueTrialPass' as const, data: { ...facts, ...o, actorId: staff, at: when } });
  const issued: LeadEvent = { type: 'TrialPassIssued', data: { ...facts, leadId: 'l1', actorId: staff, at } };
  const visit = (visitId: string) => ({ type: 'RecordTrialVisit' as const, data: { passId: 'p1', visitId, locationId: 'loc1', actorId: staff, at: later } });
  const visited = (visitId: string): LeadEvent => ({
    type: 'TrialVisited',
    data: { leadId: 'l1', passId: 'p1', visitId, locationId: 'loc1', actorId: staff, at: later },
  });

  it('issues a pass and books the trial', () =>
    given([captured])
      .when(issue())
      .then([issued, { type: 'StageChanged', data: { leadId: 'l1', actorId: staff, at, from: 'new', to: 'trial_booked' } }]));
  it('a lead whose trial is booked or done keeps its stage', () =>
    given([captured, moved('new', 'trial_done')])
      .when(issue())
      .then([issued]));
  it('refuses 0 or 8 days (400)', () => {
    given([captured])
      .when(issue({ days: 0 }))
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400));
    given([captured])
      .when(issue({ days: 8 }))
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400));
  });
  it('refuses a lost or joined lead', () => {
    given([captured, moved('new', 'contacted'), lost])
      .when(issue())
      .thenThrows(DomainError, code('CONFLICT'));
    given([captured, moved('new', 'joined')])
      .when(issue())
      .thenThrows(DomainError, code('CONFLICT'));
  });
  it('refuses a second pass while the first is valid, with its last day; after it, issues one', () => {
    given([captured, issued])
      .when(issue({ passId: 'p2' }))
      .thenThrows(DomainError, (e) => code('CONFLICT')(e) && e.message === 'This lead has a trial pass valid until 13 Mar 2030.');
    given([captured, issued, moved('new', 'trial_booked')])
      .when(issue({ passId: 'p2' }, '2030-03-13T18:30:00.000Z'))
      .then([{ type: 'TrialPassIssued', data: { ...facts, passId: 'p2', leadId: 'l1', actorId: staff, at: '2030-03-13T18:30:00.000Z' } }]);
  });
  it('the first visit marks the trial done; the next visit only joins the timeline', () => {
    given([captured, issued, moved('new', 'trial_booked')])
      .when(visit('v1'))
      .then([visited('v1'), { type: 'StageChanged', data: { leadId: 'l1', actorId: staff, at: later, from: 'trial_booked', to: 'trial_done' } }]);
    given([captured, issued, moved('new', 'trial_booked'), visited('v1'), moved('trial_booked', 'trial_done')])
      .when(visit('v2'))
      .then([visited('v2')]);
  });
  it('a visit recorded already, or on a pass the lead never had, changes nothing', () => {
    given([captured, issued, visited('v1')])
      .when(visit('v1'))
      .then([]);
    given([captured]).when(visit('v1')).then([]);
  });
});

describe('lead: joins as a member', () => {
  const joined: LeadEvent = { type: 'LeadJoined', data: { leadId: 'l1', actorId: staff, at, memberId: other, from: 'trial_done' } };
  const join = (memberId = other) => ({ type: 'JoinAsMember' as const, data: { memberId, actorId: staff, at } });
  it('links the member and moves the lead to joined', () =>
    given([captured, moved('new', 'trial_done')])
      .when(join())
      .then([joined]));
  it('even a lost lead joins (it came back)', () =>
    given([captured, moved('new', 'contacted'), lost])
      .when(join())
      .then([{ type: 'LeadJoined', data: { leadId: 'l1', actorId: staff, at, memberId: other, from: 'lost' } }]));
  it('joins once: the same member again, or another, changes nothing', () => {
    given([captured, moved('new', 'trial_done'), joined])
      .when(join())
      .then([]);
    given([captured, moved('new', 'trial_done'), joined])
      .when(join(staff))
      .then([]);
  });
});

describe('phoneKey', () => {
  it('knows one Indian mobile however it is written', () => {
    for (const p of ['9876543210', '+91 98765 43210', '098765-43210', '(91) 98765 43210']) expect(phoneKey(p)).toBe('919876543210');
  });
});
