import type { SelectHTMLAttributes } from 'react';
import type { SelectOption } from './form/select-field';

/** What a location choice needs of a location (the user's, the gym settings', the schedule's). */
export interface LocationChoice {
  _id: string;
  name: string;
  city?: string;
}

/** A location as a choice reads: its name, or "name, city" with `withCity` (branches of one name in several cities). */
export const locationLabel = (l: LocationChoice, withCity = false): string => (withCity && l.city ? `${l.name}, ${l.city}` : l.name);

/** The locations as a form field's options (SelectField, CheckboxGroup): the id as the value, `locationLabel` as the label. */
export const locationOptions = (locations: readonly LocationChoice[], { withCity = false }: { withCity?: boolean } = {}): SelectOption[] =>
  locations.map((l) => ({ value: l._id, label: locationLabel(l, withCity) }));

type NativeSelect = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'defaultValue' | 'onChange' | 'children'>;

/**
 * A <select> of locations outside a form (filters, pickers, the shell's switcher): first an option of value '' when
 * `blank` is given (its text, e.g. "All locations"; '' for an empty one), then each location by `locationLabel`.
 * `onChange` gets the chosen id, '' for the blank option. The caller gives it a label (`id` + <label>, or aria-label).
 */
export function LocationSelect({
  locations,
  value,
  onChange,
  blank,
  withCity = false,
  className = 'input select',
  testId,
  ...select
}: NativeSelect & {
  locations: readonly LocationChoice[];
  value: string | null | undefined;
  onChange: (locationId: string) => void;
  blank?: string;
  withCity?: boolean;
  testId?: string;
}) {
  return (
    <select {...select} className={className} value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {blank !== undefined ? <option value="">{blank}</option> : null}
      {locations.map((l) => (
        <option key={l._id} value={l._id}>
          {locationLabel(l, withCity)}
        </option>
      ))}
    </select>
  );
}
