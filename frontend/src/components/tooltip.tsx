import { useId, type ReactNode } from 'react';

/**
 * A button that cannot be used yet, with the reason shown on hover and focus (and read by screen readers).
 * aria-disabled keeps it focusable, so keyboard users can reach the explanation.
 */
export function DisabledWithReason({
  label,
  reason,
  className = 'btn btn--secondary btn--sm',
  ariaLabel,
  testId,
}: {
  label: ReactNode;
  reason: string;
  className?: string;
  ariaLabel?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <span className="tooltip">
      <button
        type="button"
        className={className}
        aria-disabled="true"
        aria-describedby={id}
        aria-label={ariaLabel}
        onClick={(e) => e.preventDefault()}
        data-testid={testId}
      >
        {label}
      </button>
      <span role="tooltip" id={id} className="tooltip__bubble">
        {reason}
      </span>
    </span>
  );
}
