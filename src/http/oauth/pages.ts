/** Server-rendered pages of the authorization server: plain HTML forms, no JavaScript. */
import { escapeUTF8 } from 'entities';
import type { ConsentRequest } from '../../domain/oauth/authorization-flow';

// Text and attribute values alike: & < > " ' as entities.
const escape = escapeUTF8;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Instant Preview</title>
<style>
  body { font: 16px/1.5 system-ui, Arial, sans-serif; background: #f4f5f7; margin: 0; }
  main { max-width: 420px; margin: 10vh auto; background: #fff; padding: 32px; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #bbb; border-radius: 4px; font-size: 16px; }
  button { margin-top: 20px; padding: 10px 18px; font-size: 16px; border-radius: 4px; border: 1px solid #0a66c2; background: #0a66c2; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #0a66c2; margin-left: 8px; }
  .error { color: #b00020; }
  .switch p { margin: 24px 0 0; font-size: 14px; color: #555; }
  button.link { margin: 0; padding: 0; border: 0; background: none; color: #0a66c2; font-size: 14px; text-decoration: underline; }
  ul { padding-left: 20px; }
</style></head><body><main>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');

export function loginPage(returnTo: string, csrf: string, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in to Instant Preview</h1>
    ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
    <form method="post" action="/oauth/login">
      ${hidden({ return_to: returnTo, csrf })}
      <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
      <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

export function consentPage({ applicationName, userEmail, fields, csrf }: ConsentRequest): string {
  return page(
    'Authorize',
    `<h1>Authorize ${escape(applicationName)}</h1>
    <p><strong>${escape(applicationName)}</strong> asks to act for you (${escape(userEmail)}) with full access:</p>
    <ul><li>upload emails and create previews of them;</li><li>usage is billed to your account.</li></ul>
    <form method="post" action="/oauth/authorize">
      ${hidden({ ...fields, csrf })}
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
    </form>
    <form method="post" action="/oauth/logout" class="switch">
      ${hidden({ return_to: `/oauth/authorize?${new URLSearchParams(fields)}` })}
      <p>Not ${escape(userEmail)}? <button type="submit" class="link">Sign out</button></p>
    </form>`,
  );
}

export function signedOutPage(): string {
  return page(
    'Signed out',
    `<h1>You are signed out</h1><p>Your Instant Preview session has ended. Applications keep the access you granted them until it is revoked.</p>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Authorization error',
    `<h1>This authorization request cannot be completed</h1><p class="error">${escape(message)}</p>`,
  );
}
