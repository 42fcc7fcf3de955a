import type { TextareaHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required'> & {
  testId?: string;
};

/** Several lines of text, registered with the surrounding form. */
export function TextareaField({ name, label, hint, required, optional, fieldClassName, className, testId, ...textarea }: FieldProps & TextareaProps) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint} required={required} optional={optional} fieldClassName={fieldClassName}>
      {(p) => (
        <textarea {...p} {...textarea} {...register(name)} required={required} className={`input${className ? ` ${className}` : ''}`} data-testid={testId} />
      )}
    </FormField>
  );
}
