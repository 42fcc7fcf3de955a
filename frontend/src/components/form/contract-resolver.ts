import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { issueMessage, REQUIRED } from './field-message';

export interface ContractFormOptions<TForm> {
  /**
   * The request body the contract checks, built from the form's values. Inputs hold text: an empty optional field
   * becomes `undefined`, a money field a number. Field names match the body's paths, so every issue lands on its field.
   */
  toBody: (values: TForm) => unknown;
  /** Rules only the screen knows (a repeated password): field path → message (see field-message.ts) or REQUIRED. */
  check?: (values: TForm) => Record<string, string>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Every leaf error with the path it sits at. */
function* leaves(errors: FieldErrors, prefix = ''): Generator<[string, FieldError]> {
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (node as FieldError).type === 'string') yield [path, node as FieldError];
    else yield* leaves(node as FieldErrors, path);
  }
}

function setLeaf(errors: Record<string, unknown>, path: string, error: FieldError) {
  const parts = path.split('.');
  let node = errors;
  parts.slice(0, -1).forEach((p) => {
    node = (node[p] ??= {}) as Record<string, unknown>;
  });
  node[parts[parts.length - 1]!] = error;
}

/**
 * react-hook-form's resolver for a form whose rules are a contract's zod schema (@hookform/resolvers' zod resolver,
 * so the screen checks exactly what the server will). Its messages become texts of errors:fields.* when shown:
 * the contract's own wording is mapped by message, other rules by zod issue, and any rule failed by a field left
 * empty reads "… is required" (an empty email is missing, not badly written).
 */
export function contractResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  { toBody, check }: ContractFormOptions<TForm>,
): Resolver<TForm, unknown, z.output<S>> {
  const base = zodResolver(z.preprocess((values) => toBody(values as TForm), schema) as never, { error: issueMessage }) as unknown as Resolver<
    TForm,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const extra = check?.(values) ?? {};
    const errors: Record<string, unknown> = {};
    for (const [path, error] of leaves(result.errors)) {
      setLeaf(errors, path, isEmpty(get(values, path)) ? { type: REQUIRED, message: error.message ?? '' } : { type: error.type, message: error.message ?? '' });
    }
    for (const [path, message] of Object.entries(extra)) {
      if (!get(errors, path)) setLeaf(errors, path, message === REQUIRED ? { type: REQUIRED, message: '' } : { type: 'custom', message });
    }
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}
