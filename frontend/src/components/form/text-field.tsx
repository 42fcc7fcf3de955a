import type { InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required'> & {
  testId?: string;
};

/** A one-line text input registered with the surrounding form. */
export function TextField({ name, label, hint, required, optional, fieldClassName, className, testId, ...input }: FieldProps & InputProps) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint} required={required} optional={optional} fieldClassName={fieldClassName}>
      {(p) => (
        <input
          {...p}
          type="text"
          {...input}
          {...register(name)}
          required={required}
          className={`input${className ? ` ${className}` : ''}`}
          data-testid={testId}
        />
      )}
    </FormField>
  );
}

/** An email address: the email keyboard, no capitals or spell-check. */
export function EmailField(props: FieldProps & InputProps) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="off" spellCheck={false} maxLength={254} {...props} />;
}

/** A phone number (Indian or international): the phone keypad. */
export function PhoneField(props: FieldProps & InputProps) {
  return <TextField type="tel" inputMode="tel" autoComplete="tel" maxLength={20} {...props} />;
}

/** A calendar date; the form holds it as YYYY-MM-DD ('' when not given). */
export function DateField(props: FieldProps & InputProps) {
  return <TextField type="date" {...props} />;
}
