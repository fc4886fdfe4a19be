import { describe, expect, it } from 'vitest';
import { AppError, validationError } from '@/lib/errors';
import { formNotice, refusalQuery } from './form-errors';

describe('refusalQuery', () => {
  it.each<[string, Parameters<typeof refusalQuery>, Record<string, string>]>([
    [
      'a reason, whatever the form',
      ['login', new AppError('FORBIDDEN', 'x', undefined, undefined, 'email_not_verified')],
      { refused: 'unverified' },
    ],
    [
      'an expired sign-in',
      ['two-factor', new AppError('UNAUTHORIZED', 'x', undefined, undefined, 'sign_in_expired')],
      { refused: 'expired' },
    ],
    ['the form’s own code', ['two-factor', new AppError('UNAUTHORIZED', 'x')], { refused: 'code' }],
    [
      'a field of the form',
      ['signup', validationError([{ path: ['password'], message: 'm' }])],
      { refused: 'invalid', field: 'password' },
    ],
    [
      'a field it does not show',
      ['reset-password', validationError([{ path: ['token'], message: 'm' }])],
      { refused: 'reset-link' },
    ],
    [
      'a prototype name is no field',
      ['login', validationError([{ path: ['constructor'], message: 'm' }])],
      { refused: 'failed' },
    ],
    ['a throttle', ['verify', new AppError('TOO_MANY_REQUESTS', 'x')], { refused: 'throttled' }],
    ['anything else', ['login', new AppError('INTERNAL', 'x')], { refused: 'failed' }],
  ])('%s', (_label, args, expected) => {
    expect(refusalQuery(...args)).toEqual(expected);
  });
});

describe('formNotice', () => {
  it('shows the message of a known code, and the field of an invalid one', () => {
    expect(formNotice('login', { refused: 'credentials' })).toEqual({
      status: 401,
      message: 'Invalid email or password',
      code: 'credentials',
    });
    expect(formNotice('signup', { refused: 'invalid', field: 'password' })).toEqual({
      status: 400,
      message: 'Password must be 8 to 128 characters',
      field: 'password',
    });
  });

  it.each<[string, Parameters<typeof formNotice>[1]]>([
    ['no code', {}],
    ['an unknown code', { refused: 'Your account is locked: call 555-0100' }],
    ['a prototype name', { refused: 'constructor' }],
    ['a field the form does not have', { refused: 'invalid', field: 'otp' }],
    ['an invalid without a field', { refused: 'invalid' }],
    ['a repeated code', { refused: ['credentials', 'taken'] }],
  ])('shows nothing for %s (no text comes from the URL)', (_label, query) => {
    expect(formNotice('login', query)).toBeUndefined();
  });
});
