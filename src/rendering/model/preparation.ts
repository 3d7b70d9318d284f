import type { ClientProfile } from '../profile/client-profile';
import type { RenderOptions } from '../profile/options';
import type { ClientFamily, Preparation, PreparationContext, SourceText } from './client-family';
import type { EmailContent } from './email-content';
import { parseEmail } from './email-document';
import { RenderReport } from './render-report';
import { escapeText } from 'entities';

/**
 * Something a stage of one family leaves for a later stage of the same family (the Word
 * engine reads its settings from the source text and uses them on the document), typed by
 * its key, so that the pipeline core needs to know nothing of it.
 */
export class StageMemo<T> {
  constructor(readonly name: string) {}

  set(p: PreparationContext, value: T): void {
    p.memos.set(this, value);
  }

  get(p: { memos: ReadonlyMap<object, unknown> }): T | undefined {
    return p.memos.get(this) as T | undefined;
  }
}

function textAsHtml(text: string): string {
  const escaped = escapeText(text);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div style="white-space: pre-wrap">${escaped}</div></body></html>`;
}

/** The start of a preparation: the email's HTML, or its text part shown as HTML. */
export function startPreparation(
  email: EmailContent,
  profile: ClientProfile,
  family: ClientFamily,
  options: RenderOptions,
): SourceText {
  return {
    email,
    profile,
    family,
    options,
    report: new RenderReport(),
    memos: new Map(),
    has: (rule) => profile.rules.includes(rule),
    html: email.html ?? textAsHtml(email.text ?? ''),
  };
}

/** The source text parsed (parse5, as browsers parse): the stages after parsing go on with it. */
export function parsePreparation(source: SourceText): Preparation {
  const { html, ...context } = source;
  return {
    ...context,
    $: parseEmail(html),
    plan: { served: new Map() },
    keepsDoctype: true,
    fitsToWidth: context.profile.capture.includes('fit-to-width'),
  };
}

/** A preparation of an email for one profile, ready for the stages after parsing. */
export function createPreparation(
  email: EmailContent,
  profile: ClientProfile,
  family: ClientFamily,
  options: RenderOptions,
): Preparation {
  return parsePreparation(startPreparation(email, profile, family, options));
}
