import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY, scrubPolicyOf } from './policy';
import { FILTERED, keyIsSensitive, luhnValid, normaliseKey, scrubString, typedCardsFiltered } from './rules';

const defaults = scrubPolicyOf(DEFAULT_PRIVACY);
const off = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false });
const F = FILTERED;

describe('sensitive keys (case- and punctuation-insensitive fragments)', () => {
  it.each([
    ['password', true],
    ['PASSWORD', true],
    ['user_password', true],
    ['passwd', true],
    ['pwd', true],
    ['mysql_pwd', true],
    ['client_secret', true],
    ['token', true],
    ['access_token', true],
    ['X-Auth-Token', true],
    ['api_key', true],
    ['apiKey', true],
    ['x-api-key', true],
    ['APIKEY', true],
    ['Authorization', true],
    ['Proxy-Authorization', true],
    ['credentials', true],
    ['Cookie', true],
    ['Set-Cookie', true],
    ['sessionid', true],
    ['session_key', true],
    ['csrf', true],
    ['X-CSRF-Token', true],
    ['XSRF-TOKEN', true],
    ['private_key', true],
    ['privateKey', true],
    ['aws_access_key_id', true],
    ['signature', true],
    ['Content-Type', false],
    ['User-Agent', false],
    ['order_id', false],
    ['url', false],
    ['browser', false],
    ['', false],
  ])('%j → %s', (key, sensitive) => {
    expect(keyIsSensitive(key, defaults.sensitive, defaults.safe)).toBe(sensitive);
  });

  it('normalises keys to lower-case letters and digits', () => {
    expect(normaliseKey('X-Api_Key.2')).toBe('xapikey2');
  });

  it('a safe field is never filtered, by its whole name only', () => {
    const p = scrubPolicyOf({ ...DEFAULT_PRIVACY, safeFields: ['csrf_token'] });
    expect(keyIsSensitive('csrf_token', p.sensitive, p.safe)).toBe(false);
    expect(keyIsSensitive('CSRF-Token', p.sensitive, p.safe)).toBe(false);
    expect(keyIsSensitive('csrf_token_2', p.sensitive, p.safe)).toBe(true);
  });

  it('additional sensitive fields add to the defaults, and apply alone when the defaults are off', () => {
    const p = scrubPolicyOf({ ...DEFAULT_PRIVACY, sensitiveFields: ['Tax ID'] });
    expect(keyIsSensitive('customer_tax_id', p.sensitive, p.safe)).toBe(true);
    expect(keyIsSensitive('password', p.sensitive, p.safe)).toBe(true);
    const q = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false, sensitiveFields: ['taxid'] });
    expect(keyIsSensitive('taxid', q.sensitive, q.safe)).toBe(true);
    expect(keyIsSensitive('password', q.sensitive, q.safe)).toBe(false);
  });

  it('the organization lock turns the defaults on whatever the project says', () => {
    const p = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false, orgRequiresScrubbing: true });
    expect(p.defaults).toBe(true);
    expect(keyIsSensitive('password', p.sensitive, p.safe)).toBe(true);
  });
});

describe('value rules', () => {
  it.each([
    // card numbers: Luhn-valid, 13–19 digits, plain, spaced or dashed
    ['card 4111111111111111 declined', `card ${F} declined`],
    ['card 4111 1111 1111 1111 declined', `card ${F} declined`],
    ['card 4111-1111-1111-1111', `card ${F}`],
    ['amex 378282246310005.', `amex ${F}.`],
    ['mc 5555555555554444, visa13 4222222222222', `mc ${F}, visa13 ${F}`],
    ['discover 6011111111111117 and jcb 3530111333300000', `discover ${F} and jcb ${F}`],
    ['mc2 2221000000000009', `mc2 ${F}`],
    ['/checkout?card=4242424242424242&x=1', `/checkout?card=${F}&x=1`],
    // bearer tokens, PEM keys, AWS keys, URL passwords
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_', `Authorization: Bearer ${F}`],
    ['bearer abc123==', `bearer ${F}`],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----', F],
    ['key: -----BEGIN PRIVATE KEY-----\nMIIE (cut)', `key: ${F}`],
    ['aws AKIAIOSFODNN7EXAMPLE here', `aws ${F} here`],
    [
      'connect postgres://app:s3cr3t@db.internal:5432/prod failed',
      `connect postgres://app:${F}@db.internal:5432/prod failed`,
    ],
    ['https://user:pa%40ss@example.com/x', `https://user:${F}@example.com/x`],
    // name=value pairs and JSON text whose name is sensitive
    ['/login?user=ann&password=hunter2&next=/', `/login?user=ann&password=${F}&next=/`],
    ['GET /cb?access_token=abc.def&state=1', `GET /cb?access_token=${F}&state=1`],
    ['body {"email":"a@b.c","password":"hunter2"}', `body {"email":"a@b.c","password":"${F}"}`],
  ])('%j', (input, expected) => {
    expect(scrubString(input, defaults)).toBe(expected);
  });

  it.each([
    ['order 123456789012 shipped'], // 12 digits
    ['order 4111111111111112'], // fails Luhn
    ['at 1732492800000'], // epoch milliseconds (Luhn-valid, starts with 1)
    ['1732492801234 ms'],
    ['id 123e4567-e89b-12d3-a456-426614174000'],
    ['uuid 41111111-1111-1111-1111-111111111111'],
    ['2026-11-24T23:43:45.123Z'],
    ['version 4.111111111111111'],
    ['ORD-2026-000123'],
    ['x is undefined'],
    ['Cannot read properties of undefined (reading "token")'],
    ['https://example.com/app.js?v=42'],
    ['a=1&b=2'],
    ['mixed 4111 1111-1111 1111'],
  ])('leaves %j untouched', (input) => {
    expect(scrubString(input, defaults)).toBe(input);
  });

  it('source lines are not read as name=value pairs', () => {
    expect(scrubString('if (token==expected) return', defaults, false)).toBe('if (token==expected) return');
    expect(scrubString('const key = "AKIAIOSFODNN7EXAMPLE"', defaults, false)).toBe(`const key = "${F}"`);
  });

  it('with the defaults off, only the project’s own names are filtered', () => {
    expect(scrubString('card 4111111111111111 password=x', off)).toBe('card 4111111111111111 password=x');
    const own = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false, sensitiveFields: ['pin'] });
    expect(scrubString('pin=1234&password=x', own)).toBe(`pin=${F}&password=x`);
  });

  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
  });
});

describe('a key that measures a secret is not one (#58), a key that names one still is', () => {
  it.each([
    // The replay SDK's own options: configuration, read as sent.
    ['sessionSampleRate', false],
    ['replaysSessionSampleRate', false],
    ['session_sample_rate', false],
    ['errorSampleRate', false],
    ['password_length', false],
    ['passwordMinLength', false],
    ['tokenCount', false],
    ['auth_failure_ratio', false],
    ['session_percent', false],
    // Secrets, however they are written.
    ['session', true],
    ['Session', true],
    ['sessionid', true],
    ['sessionId', true],
    ['session_id', true],
    ['session_token', true],
    ['sessionToken', true],
    ['x-session-key', true],
    ['X-Session-Key', true],
    ['session_data', true],
    ['sessionsamplerate', true], // no word to read: the fragment wins
    ['password_hash', true],
    ['rate_limit_token', true],
    ['token_rate_secret', true],
    ['api_key_count_token', true],
    ['signature_ratio_v2', true],
  ])('%j → %s', (key, sensitive) => {
    expect(keyIsSensitive(key, defaults.sensitive, defaults.safe)).toBe(sensitive);
  });

  it("a project's own field reaching into the measure still matches", () => {
    const p = scrubPolicyOf({ ...DEFAULT_PRIVACY, sensitiveFields: ['sample_rate'] });
    expect(keyIsSensitive('sessionSampleRate', p.sensitive, p.safe)).toBe(true);
    expect(keyIsSensitive('errorSampleRate', p.sensitive, p.safe)).toBe(true);
    expect(keyIsSensitive('errorSampleRate', defaults.sensitive, defaults.safe)).toBe(false);
  });

  it('name=value and "name": "value" pairs follow the same rule', () => {
    expect(scrubString('sessionSampleRate=0.5&session=abc', defaults)).toBe(`sessionSampleRate=0.5&session=${F}`);
    expect(scrubString('{"session_token":"abc","tokenCount":"12"}', defaults)).toBe(
      `{"session_token":"${F}","tokenCount":"12"}`,
    );
  });
});

describe('typedCardsFiltered: card numbers as a person types them (#58)', () => {
  it.each([
    // Every prefix of 12 digits or more, whatever its check digit, grouped as typed.
    ['4111 1111 1111 111', F],
    ['4111 1111 1111 1', F],
    ['4111 1111 1111', F],
    ['4111 1111 1111 ', `${F} `],
    ['4111-1111-1111-', `${F}-`],
    ['411111111111', F],
    ['4111111111111112', F],
    ['4111 1111 1111 1111', F],
    ['3782 822463 10005', F],
    ['card: 5555 5555 5555 4', `card: ${F}`],
    ['paid with 4111 1111 1111 111 today', `paid with ${F} today`],
    ['4111111111111111111111', F],
  ])('%j → %j', (input, expected) => {
    expect(typedCardsFiltered(input)).toBe(expected);
  });

  it.each([
    ['4111 1111 111'], // 11 digits: not yet 12
    ['41111111111'],
    ['1732492800000'], // epoch milliseconds start with 1
    ['order 123456789012'],
    ['id 123e4567-e89b-12d3-a456-426614174000'],
    ['2026-11-24T23:43:45.123Z'],
    ['+44 20 7946 0958'],
    ['M 20 30 40 50 60 70 80 90'],
    ['version 4.111111111111111'],
    ['x4111111111111111'],
    ['4111111111111111abc'],
  ])('leaves %j', (input) => {
    expect(typedCardsFiltered(input)).toBe(input);
  });
});
