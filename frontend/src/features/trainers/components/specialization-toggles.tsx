import { Specialization } from '@akhada/contracts';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../components/form/use-field-message';
import { CheckIcon } from '../../../components/icons/check';
import { ALL_NS } from '../../../locales/resources';

/** The specializations as toggle buttons (several may be on), registered with the surrounding form as a list. */
export function SpecializationToggles({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const { field } = useController({ name });
  const error = useFieldMessage(name, label);
  const value = (field.value ?? []) as Specialization[];
  const toggle = (s: Specialization) =>
    field.onChange(value.includes(s) ? value.filter((v) => v !== s) : Specialization.options.filter((o) => o === s || value.includes(o)));
  return (
    <fieldset
      className={`choice-group trainer-wide${error ? ' field--invalid' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      data-testid="specialization-toggles"
    >
      <legend className="field__label">
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="choice-group__options">
        {Specialization.options.map((s) => {
          const on = value.includes(s);
          return (
            <button
              key={s}
              type="button"
              className={`choice${on ? ' choice--checked' : ''}`}
              aria-pressed={on}
              onClick={() => toggle(s)}
              onBlur={field.onBlur}
              data-testid={`specialization-${s}`}
            >
              {on ? <CheckIcon size={16} /> : null}
              {t(`trainers:specializations.${s}`)}
            </button>
          );
        })}
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
