import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './server-errors';
import { Alert } from '../alert';
import { useErrorText } from '../../lib/use-error-text';

/**
 * A form's failed sends: `failed(error)` puts the field issues on the form's fields and counts the attempt, so the
 * form's error (`FormError`) shakes once per failure.
 */
export function useFormFailure<T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>) {
  const [attempts, setAttempts] = useState(0);
  const failed = (error: unknown) => {
    applyServerErrors(form, error);
    setAttempts((n) => n + 1);
  };
  return { attempts, failed };
}

/** The error of a form's last send in words (the server's, else `fallback`); nothing while there is none. */
export function FormError({ error, attempts, fallback, testId }: { error: unknown; attempts: number; fallback: string; testId?: string }) {
  const { describe } = useErrorText();
  if (error == null) return null;
  return (
    <Alert tone="error" shake={attempts} testId={testId}>
      {describe(error, { fallback })}
    </Alert>
  );
}
