import type { SelectHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required'> & {
  testId?: string;
};

/** One choice from a list, registered with the surrounding form. */
export function SelectField({
  name,
  label,
  hint,
  required,
  optional,
  fieldClassName,
  options,
  testId,
  ...select
}: FieldProps & SelectProps & { options: readonly SelectOption[] }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint} required={required} optional={optional} fieldClassName={fieldClassName}>
      {(p) => (
        <select {...p} {...select} {...register(name)} required={required} className="input select" data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
