import { useId, type ReactNode } from 'react';

/** A value shown in a form's layout that the form does not change (e.g. the email of one's own account). */
export function ReadOnlyField({ label, hint, value }: { label: string; hint?: ReactNode; value: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="input" value={value} readOnly aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
