import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver, type ContractFormOptions } from './contract-resolver';

/**
 * A form checked by a contract's schema: react-hook-form with the contract resolver. Checked on submit, then again
 * on every change of a field that has an error, so a message goes away as soon as the field is right.
 * The submit handler receives the body the contract produced (trimmed, defaults applied).
 */
export function useContractForm<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  options: ContractFormOptions<TForm> & { defaultValues: DefaultValues<TForm> },
): UseFormReturn<TForm, unknown, z.output<S>> {
  const [resolver] = useState(() => contractResolver<TForm, S>(schema, options));
  return useForm<TForm, unknown, z.output<S>>({ resolver, defaultValues: options.defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}
