import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../locales/resources';
import { useFieldMessage } from './use-field-message';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

/** What every field of a form takes: its name in the form (the contract's path), label, hint and whether it is needed. */
export interface FieldProps {
  name: string;
  label: string;
  hint?: ReactNode;
  /** Marked with * and aria-required. */
  required?: boolean;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  /** Class of the field's wrapper (e.g. to span the grid). */
  fieldClassName?: string;
}

/**
 * Label + control + hint + error of one field of the surrounding form, wired together: label for=, aria-invalid,
 * aria-describedby (hint and error), aria-required. The error comes from the form's state, in the UI language.
 * The control is rendered by the child function, so any input, select or custom control fits.
 */
export function FormField({
  name,
  label,
  hint,
  required,
  optional,
  fieldClassName,
  children,
}: FieldProps & { children: (props: FieldControlProps) => ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const error = useFieldMessage(name, label);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${fieldClassName ? ` ${fieldClassName}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
        {optional ? <span className="field__optional"> ({t('common:optional')})</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
