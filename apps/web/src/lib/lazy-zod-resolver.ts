import { useEffect, useEffectEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { whenIdle } from './idle.ts';

/*
 * Forms validate with the contract's zod schemas, and zod (about 25 KiB gzip) with react-hook-form's
 * zod resolver is more than a login page's whole code. A form's schema is therefore loaded on first use:
 * at the browser's first idle moment after the form is drawn, or by the first validation if that comes
 * sooner (it then waits for the module). Nothing a form draws needs zod: its limits and texts come from
 * the contract's zod-free modules (`@paddock/contract/limits`).
 */

type SchemaLoader<Input extends FieldValues, Output> = () => Promise<ZodType<Output, Input>>;

const loadZodResolver = () => import('@hookform/resolvers/zod').then((module) => module.zodResolver);

/**
 * A resolver for `useForm` that loads the resolver and `loadSchema()`'s schema when first asked. If they
 * cannot be loaded (the connection dropped), the values go to the server unchecked: it checks them with the
 * same schema, and the form shows its answer (or the failed request) as it shows any.
 */
function lazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: SchemaLoader<Input, Output>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const loaded = await Promise.all([loadZodResolver(), loadSchema()]).catch(() => null);
    if (!loaded) return { values: values as unknown as Output, errors: {} };
    const [zodResolver, schema] = loaded;
    return zodResolver<Input, unknown, Output>(schema)(values, context, options);
  };
}

/**
 * `lazyZodResolver` for a form component (react-hook-form takes the resolver of each render, so a schema
 * may depend on props), with the loading started when the browser is first idle after the form is drawn.
 */
export function useLazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: SchemaLoader<Input, Output>,
): Resolver<Input, unknown, Output> {
  const preload = useEffectEvent(() => void Promise.all([loadZodResolver(), loadSchema()]).catch(() => {}));
  useEffect(() => whenIdle(preload), []);
  return lazyZodResolver(loadSchema);
}
