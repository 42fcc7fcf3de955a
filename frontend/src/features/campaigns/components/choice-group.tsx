import { useId } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { useFieldMessage } from '../../../components/form/use-field-message';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Several choices of one form field (a string[] at `name`): a fieldset of checkboxes named by its legend, with a hint
 * and the field's error tied to it (aria-describedby). Nothing ticked is an empty list.
 */
export function CheckboxGroup({
  name,
  legend,
  hint,
  choices,
  testId,
}: {
  name: string;
  legend: string;
  hint?: string;
  choices: readonly Choice[];
  testId?: string;
}) {
  const { field } = useController({ name });
  const id = useId();
  const error = useFieldMessage(name, legend);
  const value = (field.value as string[] | undefined) ?? [];
  const toggle = (v: string, on: boolean) => field.onChange(on ? [...value, v] : value.filter((x) => x !== v));
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`cmp-choices${error ? ' field--invalid' : ''}`} aria-describedby={describedBy} data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      <div className="cmp-choices__list">
        {choices.map((c) => (
          <label key={c.value} className="cmp-choice">
            <input
              type="checkbox"
              checked={value.includes(c.value)}
              onChange={(e) => toggle(c.value, e.target.checked)}
              onBlur={field.onBlur}
              value={c.value}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One choice of a form field shown as radio buttons (a segmented row), named by its legend. */
export function RadioGroup({ name, legend, choices, testId }: { name: string; legend: string; choices: readonly Choice[]; testId?: string }) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name });
  const error = useFieldMessage(name, legend);
  const id = useId();
  return (
    <fieldset className={`cmp-choices${get(errors, name) ? ' field--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined} data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      <div className="cmp-choices__list cmp-choices__list--segmented">
        {choices.map((c) => (
          <label key={c.value} className="cmp-choice cmp-choice--radio">
            <input type="radio" value={c.value} {...register(name)} />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
