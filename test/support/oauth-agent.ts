import request from 'supertest';
import { UsersCreateCommand } from '../../src/applications/cli/users.commands';
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

/**
 * A user's browser without a browser: keeps cookies, signs in through the login form and
 * answers the consent form, as a person would with the server-rendered pages.
 */
export class FormUser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    private readonly email: string,
    private readonly password = PASSWORD,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: request.Response): void {
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      if (/Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  async get(path: string): Promise<request.Response> {
    const response = await request(this.t.url).get(path).set('Cookie', this.cookieHeader());
    this.keep(response);
    return response;
  }

  async post(path: string, form: Record<string, string>): Promise<request.Response> {
    const response = await request(this.t.url)
      .post(path)
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
        const form: Record<string, string> = { decision };
        for (const match of html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g))
          form[match[1]] = unescape(match[2]);
        response = await this.post('/oauth/authorize', form);
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
