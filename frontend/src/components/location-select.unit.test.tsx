// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../testing/setup';
import { LocationSelect, locationOptions } from './location-select';

const pune = { _id: '0198a3c1-0000-7000-8000-0000000000a1', name: 'Baner', city: 'Pune' };
const blr = { _id: '0198a3c1-0000-7000-8000-0000000000a2', name: 'Indiranagar', city: 'Bengaluru' };

describe('the location select', () => {
  it('lists the locations by name (with the city when asked), a blank first when given, and answers the chosen id', () => {
    const chosen: string[] = [];
    const { rerender } = render(
      <LocationSelect aria-label="Location" locations={[pune, blr]} value={blr._id} onChange={(id) => chosen.push(id)} blank="All" />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Location');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All'],
      [pune._id, 'Baner'],
      [blr._id, 'Indiranagar'],
    ]);
    expect(select.value).toBe(blr._id);
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.change(select, { target: { value: pune._id } });
    expect(chosen).toEqual(['', pune._id]);

    rerender(<LocationSelect aria-label="Location" locations={[pune, blr]} value={null} onChange={() => undefined} withCity testId="loc" />);
    expect([...screen.getByTestId<HTMLSelectElement>('loc').options].map((o) => o.text)).toEqual(['Baner, Pune', 'Indiranagar, Bengaluru']);
  });

  it('gives a form field the same choices', () => {
    expect(locationOptions([pune, blr])).toEqual([
      { value: pune._id, label: 'Baner' },
      { value: blr._id, label: 'Indiranagar' },
    ]);
    expect(locationOptions([{ _id: pune._id, name: 'Baner' }], { withCity: true })).toEqual([{ value: pune._id, label: 'Baner' }]);
  });
});
