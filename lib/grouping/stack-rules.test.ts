import { describe, expect, it } from 'vitest';
import { applyStackRules, parseStackRules } from './stack-rules';
import type { SubjectFrame } from './subject';

const frame = (f: Partial<SubjectFrame>): SubjectFrame => ({
  function: '<unknown>',
  inApp: true,
  family: 'javascript',
  ...f,
});

function rules(text: string) {
  const { rules: parsed, errors } = parseStackRules(text);
  expect(errors).toEqual([]);
  return parsed;
}

/** Innermost first: the throw, a helper in node_modules, the app's handler, the framework's router. */
const stack = () => [
  frame({ function: 'assertOk', absPath: '/srv/app/src/assert.js', module: 'src/assert' }),
  frame({ function: 'query', absPath: '/srv/app/node_modules/pg/lib/client.js', module: 'node_modules/pg/lib/client' }),
  frame({ function: 'getUser', absPath: '/srv/app/src/users.js', module: 'src/users' }),
  frame({
    function: 'dispatch',
    absPath: '/srv/app/node_modules/express/lib/router.js',
    module: 'node_modules/express/lib/router',
    inApp: false,
  }),
];

describe('stack trace rules: what reads', () => {
  it.each([
    ['stack.module:node_modules/** -app', 'stack.module:node_modules/** -app'],
    ['stack.function:assert* -group', 'stack.function:assert* -group'],
    ['family:native stack.function:std::*       -app', 'family:native stack.function:std::* -app'],
    ['stack.abs_path:**/generated/**.js -group', 'stack.abs_path:**/generated/**.js -group'],
    ['path:**/vendor/foo/*.c +app', 'stack.abs_path:**/vendor/foo/*.c +app'],
    [
      'stack.function:std::panicking::begin_panic ^-app -app ^-group -group',
      'stack.function:std::panicking::begin_panic ^-app -app ^-group -group',
    ],
    ['stack.function:myapp::LinuxMainLoop v-group -group', 'stack.function:myapp::LinuxMainLoop v-group -group'],
    ['family:native max-frames=3', 'family:native max-frames=3'],
    [
      'family:native stack.package:**/proprietarymodule.so  max-frames = 2',
      'family:native stack.package:**/proprietarymodule.so max-frames=2',
    ],
    ['stack.function:track* category=telemetry', 'stack.function:track* category=telemetry'],
    ['[ category:telemetry ] | app:yes -group', '[ category:telemetry ] | app:yes -group'],
    ['category:system | [ app:yes ] -group', 'category:system | [ app:yes ] -group'],
    ['error.type:AssertionError stack.function:check -group', 'error.type:AssertionError stack.function:check -group'],
    ['!app:yes min-frames=2', '!app:yes min-frames=2'],
  ])('%j reads as %j', (text, canonical) => {
    expect(rules(text).map((r) => r.text)).toEqual([canonical]);
  });
});

describe('stack trace rules: what is refused, with its line and column', () => {
  it.each([
    ['stack.module:node_modules/**', 1, 29, 'A rule needs at least one action, such as -app or -group'],
    [
      'stack.module:node_modules/** app',
      1,
      30,
      'Unknown action "app": use +app, -app, +group or -group (with ^ or v before the sign for the frames above or below the match), max-frames=N, min-frames=N or category=NAME',
    ],
    [
      'stack.module:node_modules/** -inapp',
      1,
      30,
      'Unknown action "-inapp": use +app, -app, +group or -group (with ^ or v before the sign for the frames above or below the match), max-frames=N, min-frames=N or category=NAME',
    ],
    ['-app', 1, 1, 'A rule needs at least one matcher before its actions'],
    [
      'message:"*x*" -group',
      1,
      1,
      'Unknown matcher "message": use stack.abs_path, stack.module, stack.function, stack.package, error.type, error.value, error.mechanism, family, app or category',
    ],
    [
      'tags.env:prod -group',
      1,
      1,
      'Unknown matcher "tags.env": use stack.abs_path, stack.module, stack.function, stack.package, error.type, error.value, error.mechanism, family, app or category',
    ],
    ['family:native max-frames=many', 1, 26, 'Invalid value "many" for max-frames: use a whole number from 0 to 9999'],
    ['family:native max-frames=', 1, 26, 'Missing value after "max-frames="'],
    ['stack.function:f -group # noisy', 1, 25, 'A comment goes on a line of its own, starting with #'],
    ['stack.function:"f -group', 1, 16, 'Unterminated quoted value: add the closing "'],
    ['app:sometimes -group', 1, 5, 'Invalid value "sometimes" for app: use yes or no'],
    ['stack.function:f category=a/b', 1, 27, 'Invalid category "a/b": use letters, digits, _, . and -'],
    ['| [ app:yes ] -group', 1, 1, 'A callee matcher "| [ … ]" comes last, after the other matchers'],
  ])('%j → line %i, column %i: %s', (text, line, column, message) => {
    expect(parseStackRules(text).errors).toEqual([{ line, column, message }]);
  });
});

describe('stack trace rules: applying', () => {
  it('-app on node_modules modules: those frames leave the app, the others keep their flag', () => {
    const frames = stack();
    const out = applyStackRules(rules('stack.module:node_modules/** -app'), frames, { type: 'Error' });
    expect(frames.map((f) => f.inApp)).toEqual([true, false, true, false]);
    expect(out.contributes).toEqual([true, true, true, true]);
  });

  it('-group takes matching frames out of grouping; +group on a later line brings one back', () => {
    const frames = stack();
    expect(applyStackRules(rules('stack.function:assert* -group'), frames, undefined).contributes).toEqual([
      false,
      true,
      true,
      true,
    ]);
    const back = applyStackRules(
      rules('stack.abs_path:**/node_modules/** -group\nstack.function:query +group'),
      stack(),
      undefined,
    );
    expect(back.contributes).toEqual([true, true, true, false]);
  });

  it('^ reaches the frames toward the crash, v those away from it', () => {
    expect(applyStackRules(rules('stack.function:getUser ^-group'), stack(), undefined).contributes).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(applyStackRules(rules('stack.function:getUser v-group -group'), stack(), undefined).contributes).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const frames = stack();
    applyStackRules(rules('stack.function:query ^-app -app'), frames, undefined);
    expect(frames.map((f) => f.inApp)).toEqual([false, false, true, false]);
  });

  it('in-app changes run first, so grouping rules see them (app:no after -app)', () => {
    const out = applyStackRules(rules('app:no -group\nstack.module:node_modules/** -app'), stack(), undefined);
    expect(out.contributes).toEqual([true, false, true, false]);
  });

  it('family, exception matchers, categories, callers and callees', () => {
    expect(applyStackRules(rules('family:native -group'), stack(), undefined).contributes).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      applyStackRules(rules('error.type:AssertionError stack.function:assertOk -group'), stack(), { type: 'TypeError' })
        .contributes[0],
    ).toBe(true);
    expect(
      applyStackRules(rules('error.type:AssertionError stack.function:assertOk -group'), stack(), {
        type: 'AssertionError',
      }).contributes[0],
    ).toBe(false);
    const categorised = applyStackRules(
      rules('stack.module:node_modules/** category=lib\ncategory:lib -group'),
      stack(),
      undefined,
    );
    expect(categorised.contributes).toEqual([true, false, true, false]);
    // The frame called by getUser (toward the crash) is query; the one that called it is dispatch.
    expect(
      applyStackRules(rules('stack.function:getUser | [ stack.function:query ] -group'), stack(), undefined)
        .contributes,
    ).toEqual([true, true, false, true]);
    expect(
      applyStackRules(rules('[ stack.function:dispatch ] | stack.function:getUser -group'), stack(), undefined)
        .contributes,
    ).toEqual([true, true, false, true]);
    expect(
      applyStackRules(rules('[ stack.function:query ] | stack.function:getUser -group'), stack(), undefined)
        .contributes,
    ).toEqual([true, true, true, true]);
  });

  it('max-frames and min-frames: the last matching rule sets them', () => {
    const out = applyStackRules(
      rules('family:javascript max-frames=3\nstack.function:query max-frames=1\nfamily:native max-frames=9'),
      stack(),
      undefined,
    );
    expect(out.maxFrames).toBe(1);
    expect(applyStackRules(rules('app:yes min-frames=5'), stack(), undefined).minFrames).toBe(5);
  });
});
