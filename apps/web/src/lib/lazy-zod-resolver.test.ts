import { renderHook } from '@testing-library/react';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useLazyZodResolver } from './lazy-zod-resolver.ts';

const schema = z.object({ name: z.string().trim().min(1, 'Name cannot be empty') });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe('useLazyZodResolver', () => {
  it('checks the values with the schema it loads, and answers the parsed values', async () => {
    const { result } = renderHook(() => useLazyZodResolver(() => Promise.resolve(schema)));

    const refused = await result.current({ name: '  ' }, undefined, options);
    expect(refused.errors.name?.message).toBe('Name cannot be empty');

    const accepted = await result.current({ name: ' Lewis ' }, undefined, options);
    expect(accepted).toEqual({ values: { name: 'Lewis' }, errors: {} });
  });

  it('lets the values go to the server, which checks them too, when the schema cannot be loaded', async () => {
    const { result } = renderHook(() =>
      useLazyZodResolver<Values>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    );

    expect(await result.current({ name: '' }, undefined, options)).toEqual({ values: { name: '' }, errors: {} });
  });
});
