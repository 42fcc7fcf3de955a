import type { InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, type FieldProps } from './form-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'required'> & {
  testId?: string;
};

/**
 * An amount in rupees (₹, up to two decimals; services keep integer paise). The form holds the text as typed;
 * `rupeesFromInput` turns it into the number the contract checks.
 */
export function MoneyField({ name, label, hint, required, optional, fieldClassName, testId, ...input }: FieldProps & InputProps) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} hint={hint} required={required} optional={optional} fieldClassName={fieldClassName}>
      {(p) => (
        <div className="input-prefix">
          <span className="input-prefix__symbol" aria-hidden="true">
            ₹
          </span>
          <input
            {...p}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...input}
            {...register(name)}
            required={required}
            className="input"
            data-testid={testId}
          />
        </div>
      )}
    </FormField>
  );
}
