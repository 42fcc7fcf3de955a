import { describe, expect, it } from 'vitest';
import { prefillFrom } from './enquiry-prefill';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const LOC = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a6c';

describe('prefillFrom', () => {
  it('reads an enquiry link: the first word is the first name, the rest the last name', () => {
    const q = new URLSearchParams({
      add: '1',
      enquiryId: ID,
      name: ' Kiran  R Shah ',
      phone: '98765 43210',
      email: 'k@example.in',
      source: 'instagram',
      locationId: LOC,
    });
    expect(prefillFrom(q)).toEqual({
      enquiryId: ID,
      firstName: 'Kiran',
      lastName: 'R Shah',
      phone: '98765 43210',
      email: 'k@example.in',
      source: 'instagram',
      locationId: LOC,
    });
  });
  it('is null without a valid enquiry id or source; a bad location is left out', () => {
    expect(prefillFrom(new URLSearchParams({ add: '1' }))).toBeNull();
    expect(prefillFrom(new URLSearchParams({ enquiryId: 'x', source: 'walk_in' }))).toBeNull();
    expect(prefillFrom(new URLSearchParams({ enquiryId: ID, source: 'billboard' }))).toBeNull();
    expect(prefillFrom(new URLSearchParams({ enquiryId: ID, source: 'walk_in', name: 'Asha', locationId: 'nope' }))).toMatchObject({
      firstName: 'Asha',
      lastName: '',
      locationId: '',
      email: '',
    });
  });
});
