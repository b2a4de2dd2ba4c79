import { describe, expect, it } from 'vitest';
import { passwordSchema, usernameSchema } from './auth.ts';

describe('account field rules', () => {
  it('accepts letters, digits, underscore and dot in usernames', () => {
    expect(usernameSchema.safeParse('lewis_44.fan').success).toBe(true);
    expect(usernameSchema.safeParse('lewis-44').success).toBe(false);
    expect(usernameSchema.safeParse('ab').success).toBe(false);
  });

  it('rejects a password that is too short or entirely numeric', () => {
    expect(passwordSchema.safeParse('short').success).toBe(false);
    expect(passwordSchema.safeParse('12345678901').success).toBe(false);
    expect(passwordSchema.safeParse('box box box').success).toBe(true);
  });
});
