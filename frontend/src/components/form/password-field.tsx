import type { InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { PasswordInput } from '../password-input';
import { FormField, type FieldProps } from './form-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required'> & {
  testId?: string;
  toggleTestId?: string;
};

/** A password with its show/hide toggle, registered with the surrounding form. */
export function PasswordField({ name, label, hint, required, optional, fieldClassName, testId, toggleTestId, ...input }: FieldProps & InputProps) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint} required={required} optional={optional} fieldClassName={fieldClassName}>
      {(p) => <PasswordInput {...p} {...input} {...register(name)} required={required} data-testid={testId} toggleTestId={toggleTestId} />}
    </FormField>
  );
}
