import { emailChecks } from '../../../../src/domain/checks/checks.worker';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { CLIENT_FAMILIES } from '../../../../src/rendering/families/lookup';
import type { CheckFinding } from '../../../../src/rendering/model/check-finding';
import type { ClientProfile } from '../../../../src/rendering/profile/client-profile';

const email = (html: string) => ({ html, text: null, images: [] });
/** What the pre-send checks find from the email alone, as GET /v1/emails/<guid>/checks does. */
const findings = (html: string, id: string): CheckFinding[] =>
  emailChecks({ content: email(html), images: [] }).findings.filter((finding) => finding.id === id);
const codesOf = (family: string, keep = (_: ClientProfile) => true) =>
  clientCatalog
    .all()
    .filter((profile) => profile.family === family && keep(profile))
    .map((profile) => profile.code);

describe('the checks client families add', () => {
  it('are registered by the families themselves (Apple Mail: text size; Gmail: clipping)', () => {
    const adding = [...CLIENT_FAMILIES.values()]
      .filter((family) => (family.checks ?? []).length > 0)
      .map((family) => family.name);
    expect(adding.sort()).toEqual(['apple-mail', 'gmail']);
  });
});

describe("text under iOS Mail's minimum size", () => {
  it('reads px and pt sizes from style blocks, style attributes and the font shorthand', () => {
    const html = `<style>.legal { font-size: 9pt }</style>
      <p style="font: bold 11px/14px Arial">a</p><p style="font-size:13px">b</p><p style="font-size:0.7em">c</p>`;
    const [finding] = findings(html, 'text-size');
    const ios = codesOf('apple-mail', (profile) => profile.caniemail?.platform === 'ios');
    expect(ios).toContain('IPHONE13');
    expect(finding).toMatchObject({ id: 'text-size', clients: ios });
    expect(finding.message).toMatch(/^Text set at 11px, 12px is under iOS Mail's 13px minimum/);
    expect(findings('<p style="font-size:13px">ok</p>', 'text-size')).toEqual([]);
  });
});

describe("Gmail's clipping, measured as the Gmail family measures it", () => {
  const paragraphs = (count: number) =>
    `<html><body>${'<p>A paragraph of a long newsletter, repeated.</p>'.repeat(count)}</body></html>`;

  it('is an error past 102 KB, a warning within 10 % of it, and nothing well under it', () => {
    expect(findings(paragraphs(2200), 'gmail-clipping')[0]).toMatchObject({
      severity: 'error',
      clients: codesOf('gmail'),
    });
    expect(findings(paragraphs(1950), 'gmail-clipping')[0]).toMatchObject({
      severity: 'warning',
    });
    expect(findings(paragraphs(100), 'gmail-clipping')).toEqual([]);
  });
});
