import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { exampleDecider, type ExampleOpened, type OpenExample } from './decider.ts';

const given = DeciderSpecification.for(exampleDecider);
const data = {
  exampleId: '0198a7c0-0000-7000-8000-000000000001',
  orgId: '0198a7c0-0000-7000-8000-0000000000aa',
  title: 'First',
  openedAt: '2025-03-10T04:30:00.000Z',
};
const open = (overrides: Partial<OpenExample['data']> = {}): OpenExample => ({ type: 'OpenExample', data: { ...data, ...overrides } });
const opened: ExampleOpened = { type: 'ExampleOpened', data };

describe('scheduling example decider', () => {
  it('opens an example', () => given([]).when(open()).then([opened]));
  it('refuses to open it twice', () =>
    given([opened])
      .when(open())
      .thenThrows(DomainError, (e) => e.code === 'CONFLICT' && e.status === 409));
  it('refuses an empty title with a 400', () =>
    given([])
      .when(open({ title: '  ' }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED' && e.status === 400));
});
