// A page's address never keeps a secret (#58). A GET that carries a form's secret field is a form sent before the
// page's script ran from a page without `method="post"` (an old copy in a cache, a crafted link): the address has
// leaked once already, so proxy.ts sends the browser to the same page without it before it spreads into the
// history, Referers and more logs. Nothing is signed in from it: a GET changes nothing.

/** The names of the secret fields of our forms and the usual others, compared without case. */
const SECRET_NAMES = new Set([
  'password',
  'passwd',
  'currentpassword',
  'newpassword',
  'confirmpassword',
  'otp',
  'passcode',
  'code',
  'totp',
  'recoverycode',
  'secret',
]);

/** Pages whose address carries a token by design (the emailed reset link, a Slack user's link, #64). */
const TOKEN_PAGES = new Set(['/reset-password', '/slack/link']);

/** The names of `url`'s query parameters that hold a secret. */
export function secretParams(url: URL): string[] {
  return [...new Set(url.searchParams.keys())].filter((name) => {
    const n = name.toLowerCase().replace(/[-_]/g, '');
    return SECRET_NAMES.has(n) || (n === 'token' && !TOKEN_PAGES.has(url.pathname));
  });
}
