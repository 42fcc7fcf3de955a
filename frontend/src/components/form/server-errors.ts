import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-error';

/**
 * Puts the field issues of a failed call (the server's, or the contract's checked before sending) on the form's
 * fields; the field shows them in the UI language. Returns how many landed on a field of this form.
 */
export function applyServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>, error: unknown): number {
  if (!(error instanceof ApiError)) return 0;
  const values = form.getValues() as Record<string, unknown>;
  const known = (path: string) => {
    let node: unknown = values;
    for (const part of path.split('.')) {
      if (!node || typeof node !== 'object' || !(part in node)) return false;
      node = (node as Record<string, unknown>)[part];
    }
    return true;
  };
  let applied = 0;
  const seen = new Set<string>();
  for (const d of error.details) {
    if (!d.path || seen.has(d.path) || !known(d.path)) continue;
    seen.add(d.path);
    form.setError(d.path as FieldPath<T>, { type: 'server', message: d.message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied;
}
