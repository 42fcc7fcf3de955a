import { useEffect, useId, useState, type Ref } from 'react';
import { copyText } from '../lib/copy-text';
import './copy-field.css';

/** How long "Copied" stays beside the button. */
const COPIED_MS = 4_000;

/**
 * A link to hand on: a labelled read-only field (selected when focused) with a Copy button; whether the copy worked is
 * said in a polite live region ("Copied" clears after a moment, a failure stays). A new value forgets the last copy.
 */
export function CopyField({
  value,
  label,
  copyLabel,
  copiedText,
  failedText,
  describedBy,
  inputRef,
  testIds,
}: {
  value: string;
  label: string;
  copyLabel: string;
  copiedText: string;
  failedText: string;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  testIds: { field: string; copy: string; copied: string };
}) {
  const id = useId();
  const [copied, setCopied] = useState<{ value: string; ok: boolean } | null>(null);
  const shown = copied?.value === value ? copied : null;

  useEffect(() => {
    if (!copied?.ok) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    const field = document.getElementById(id) as HTMLInputElement | null;
    setCopied({ value, ok: await copyText(value, field) });
  };

  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="copy-field__row">
        <input
          ref={inputRef}
          id={id}
          className="input copy-field__value"
          type="text"
          readOnly
          value={value}
          aria-describedby={describedBy}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testIds.field}
        />
        <button type="button" className="btn btn--secondary" onClick={() => void onCopy()} data-testid={testIds.copy}>
          {copyLabel}
        </button>
      </div>
      <p className="copy-field__status" role="status" aria-live="polite" data-testid={testIds.copied}>
        {shown ? (shown.ok ? copiedText : failedText) : ''}
      </p>
    </>
  );
}
