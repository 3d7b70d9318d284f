import { ApiError } from '../../../../../src/base/errors/api-error';
import type { AppConfig } from '../../../../../src/platform/config/app-config';
import { extractResourceReferences } from '../../../../../src/domain/emails/resources/html-references';
import { HtmlInspector } from '../../../../../src/domain/emails/inspect/html-inspector';
import { htmlLimitProblem } from '../../../../../src/domain/emails/limits/html-limits';

const LIMITS = { maxDepth: 400, maxElements: 50_000, maxMimeParts: 500 };
const inspector = (timeoutMs: number) =>
  new HtmlInspector({
    preparation: { threads: 1, timeoutMs, memoryMb: 256 },
    emailLimits: LIMITS,
  } as AppConfig);

describe('verdicts at POST do not depend on load', () => {
  it('a thread budget run out is a busy server (503 with Retry-After), never a 400', async () => {
    // Reading 5 MB takes far more than a millisecond: as if the server were loaded.
    const busy = inspector(1);
    const large = `<style>${'.c{color:red}'.repeat(400_000)}</style><p>Hello</p>`;
    try {
      const error = (await busy.inspect(large).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.getStatus()).toBe(503);
      expect(error.headers).toHaveProperty('Retry-After');
    } finally {
      await busy.onApplicationShutdown();
    }
  });

  it('a thread loading its modules is not charged to the first task', async () => {
    // Loading the inspection modules (through ts-node here) takes far longer than 300 ms.
    const cold = inspector(300);
    try {
      await expect(cold.inspect('<p>Hello</p>')).resolves.toMatchObject({
        images: [],
        contentIds: [],
        shown: 'Helo', // each character once
      });
    } finally {
      await cold.onApplicationShutdown();
    }
  });

  it('a real limit of the email is a 400 naming it', async () => {
    const idle = inspector(30_000);
    try {
      const deep = `${'<div>'.repeat(401)}x`;
      const error = (await idle.inspect(deep).catch((e: unknown) => e)) as ApiError;
      expect(error.getStatus()).toBe(400);
      expect(error.message).toMatch(/nested more than 400 deep/);
    } finally {
      await idle.onApplicationShutdown();
    }
  });

  it('reads a 5 MB style block in one linear pass (url() found, no tree of the stylesheet)', () => {
    const rule = '.c{color:red;margin:1px;background:url(https://img.example/a.png)}';
    const html = `<style>${rule.repeat(80_000)}</style><p class="c">x</p>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    expect(htmlLimitProblem(html, LIMITS)).toBeNull();
    expect(extractResourceReferences(html).images).toEqual(['https://img.example/a.png']);
  });
});
