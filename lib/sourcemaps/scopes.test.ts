import { describe, expect, it } from 'vitest';
import { scopeNameAt, scopesOf } from './scopes';

/** The scope name at the first occurrence of `marker` (the position a frame would map to). */
function nameAt(source: string, marker: string): string | null {
  const scopes = scopesOf(source);
  if (!scopes) throw new Error('did not parse');
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(marker));
  return scopeNameAt(scopes, line + 1, lines[line].indexOf(marker));
}

describe('scope names as a stack trace gives them', () => {
  it.each([
    ['a declaration', 'function loadProfile(id) {\n  return THROW;\n}', 'loadProfile'],
    ['a named function expression', 'const x = function inner() { THROW; };', 'inner'],
    ['an arrow in a const', 'const onBuy = () => {\n  THROW;\n};', 'onBuy'],
    ['an async arrow in a let', 'let fetchCart = async (id) => { await id; THROW; };', 'fetchCart'],
    [
      'an anonymous function assigned to a property',
      'window.shop.onPay = function () { THROW; };',
      'window.shop.onPay',
    ],
    ['an object method', 'const api = { save(x) { THROW; } };', 'save'],
    ['an object property arrow', "const api = { 'load': () => THROW };", 'load'],
    ['a class method', 'class Checkout {\n  pay(amount) {\n    THROW;\n  }\n}', 'Checkout.pay'],
    ['a static method', 'class Cart { static empty() { THROW; } }', 'Cart.empty'],
    ['a private method', 'class Cart { #sum() { THROW; } }', 'Cart.#sum'],
    ['a constructor', 'class Cart { constructor() { THROW; } }', 'new Cart'],
    ['a class field arrow', 'class Form { submit = () => { THROW; }; }', 'Form.submit'],
    ['an anonymous class in a const', 'const Store = class { get() { THROW; } };', 'Store.get'],
    ['an arrow passed as an argument', 'button.addEventListener("click", () => { THROW; });', '<anonymous>'],
    ['the innermost of nested functions', 'function outer() {\n  function inner() { THROW; }\n}', 'inner'],
    ['the caller after an inner function ends', 'function outer() {\n  function inner() {}\n  THROW;\n}', 'outer'],
    ['TypeScript', 'export function total(items: Item[]): number {\n  return THROW as number;\n}', 'total'],
    [
      'JSX',
      'export function Button({ onClick }) {\n  return <button onClick={() => THROW}>Buy</button>;\n}',
      '<anonymous>',
    ],
    ['a default parameter', 'function f({ cb = () => THROW } = {}) {}', 'cb'],
  ])('%s', (_label, source, expected) => {
    expect(nameAt(source, 'THROW')).toBe(expected);
  });

  it('top level is no function', () => {
    expect(nameAt('const a = 1;\nTHROW;', 'THROW')).toBeNull();
  });

  it('source that parses in no dialect gives no scopes (names then come from the map)', () => {
    expect(scopesOf('function ( {{{ ')).toBeNull();
    expect(scopesOf('<<<>>> %%% ]]]')).toBeNull();
  });
});
