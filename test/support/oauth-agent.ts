import request from 'supertest';
import { UsersCreateCommand } from '../../src/commands/applications/users.commands';
import { runCli } from './run-cli';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct horse battery staple';

export async function createUser(
  t: TestApp,
  email: string,
): Promise<{ id: string; account_id: string }> {
  const output = await runCli(
    t,
    UsersCreateCommand,
    [],
    { email, name: email.split('@')[0], passwordStdin: true, json: true },
    (command) => {
      (command as UsersCreateCommand).passwordSource = async () => PASSWORD;
    },
  );
  if (output.exitCode !== 0) throw new Error(output.stderr);
  return JSON.parse(output.stdout);
}

const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields of a consent page's authorization form (not of its sign-out form). */
export function consentForm(html: string): Record<string, string> {
  const start = html.indexOf('action="/oauth/authorize"');
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[match[1]] = unescape(match[2]);
  return fields;
}

/**
 * A user's browser without a browser: keeps cookies, signs in through the login form and
 * answers the consent form, as a person would with the server-rendered pages.
 */
export class FormUser {
  private cookies = new Map<string, string>();
  /** Every Set-Cookie line received, in order. */
  readonly setCookies: string[] = [];
  constructor(
    private readonly t: TestApp,
    private readonly email: string,
    private readonly password = PASSWORD,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The session cookie's value, to replay it after logout. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: request.Response): void {
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      this.setCookies.push(line);
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      if (/Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  async get(path: string): Promise<request.Response> {
    const response = await request(this.t.url)
      .get(path)
      .set(this.headers)
      .set('Cookie', this.cookieHeader());
    this.keep(response);
    return response;
  }

  async post(path: string, form: Record<string, string>): Promise<request.Response> {
    const response = await request(this.t.url)
      .post(path)
      .set(this.headers)
      .set('Cookie', this.cookieHeader())
      .type('form')
      .send(form);
    this.keep(response);
    return response;
  }

  /** Runs /oauth/authorize to its redirect: signs in and answers consent when asked. */
  async authorize(
    params: Record<string, string>,
    decision: 'allow' | 'deny' = 'allow',
  ): Promise<{ location: string; pages: string[] }> {
    const pages: string[] = [];
    let response = await this.get(`/oauth/authorize?${new URLSearchParams(params)}`);
    for (let step = 0; step < 5; step++) {
      if (response.status === 302 || response.status === 303) {
        const location = response.headers.location as string;
        if (!location.startsWith('/oauth/')) return { location, pages };
        response = await this.get(location);
        continue;
      }
      const html = response.text;
      if (html.includes('action="/oauth/login"')) {
        pages.push('login');
        response = await this.post('/oauth/login', {
          email: this.email,
          password: this.password,
          csrf: field(html, 'csrf')!,
          return_to: unescape(field(html, 'return_to')!),
        });
        continue;
      }
      if (html.includes('action="/oauth/authorize"')) {
        pages.push('consent');
        response = await this.post('/oauth/authorize', { ...consentForm(html), decision });
        continue;
      }
      return {
        location: '',
        pages: [...pages, `status ${response.status}: ${html.slice(0, 200)}`],
      };
    }
    throw new Error('authorize did not finish');
  }
}
