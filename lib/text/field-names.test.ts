import { describe, expect, it } from 'vitest';
import { describeFieldIssue, humanFieldName, humanizeMessage } from './field-names';

describe('humanFieldName', () => {
  it.each([
    ['notifyEmail', 'Notification email'],
    ['webhookUrl', 'Webhook URL'],
    ['windowMinutes', 'Window'],
    ['orgId', 'Organization'],
    ['name', 'Name'],
    ['someNewField', 'Some new field'],
    ['snake_case', 'Snake case'],
  ])('%s → %s', (field, expected) => {
    expect(humanFieldName(field)).toBe(expected);
  });
});

describe('humanizeMessage', () => {
  it.each([
    ['Give notifyEmail or webhookUrl (or both)', 'Give Notification email or Webhook URL (or both)'],
    ['windowMinutes is required for ERROR_RATE', 'Window is required for ERROR_RATE'],
    ['orgId is required', 'Organization is required'],
    ['Name is required', 'Name is required'],
    ['unknownCamel stays', 'unknownCamel stays'],
  ])('%s', (input, expected) => {
    expect(humanizeMessage(input)).toBe(expected);
  });
});

describe('describeFieldIssue', () => {
  it.each([
    ['name', 'Name is required', 'Name is required'],
    ['scopes', 'Choose at least one scope', 'Scopes: choose at least one scope'],
    ['email', 'Invalid email address', 'Email: invalid email address'],
    ['', 'Nothing to update: give label or enabled', 'Nothing to update: give label or enabled'],
    [
      'notifyEmail',
      'Give notifyEmail or webhookUrl (or both)',
      'Notification email: give Notification email or Webhook URL (or both)',
    ],
  ])('%s: %s', (field, message, expected) => {
    expect(describeFieldIssue(field, message)).toBe(expected);
  });
});
