import { CLIP_NOTICE, clipLongMessage } from '../../../../../src/rendering/families/gmail/clipping';
import {
  whyGmailDropsBlock,
  withinStyleBudget,
} from '../../../../../src/rendering/families/gmail/style-blocks';
import {
  applyGmailStyles,
  GMAIL_BODY_CLASS,
  stripImportantWhileImagesOff,
} from '../../../../../src/rendering/families/gmail/style-rules';
import type { RenderReport } from '../../../../../src/rendering/model/render-report';
import { preparationFor } from '../../../../support/preparation';

/** Gmail's style rules on an email, for a Google account or not (the Gmail app on IMAP). */
const gmailStyles = (html: string, code = 'GMAILNEW') => {
  const p = preparationFor(html, code);
  applyGmailStyles(p);
  return p;
};

const titles = (report: RenderReport) => report.list().map((entry) => entry.title);

describe('Gmail style rules', () => {
  it('keeps head styles, drops body styles and broken blocks, turns the body into a div', () => {
    const { $, report } = gmailStyles(`<html><head>
      <style>.a { color: red } body { background: blue }</style>
      <style>.b { color: green </style>
      </head><body bgcolor="#000" style="margin:0"><style>.c{}</style><p class="a">x</p></body></html>`);
    const styles = $('style');
    expect(styles.length).toBe(1);
    expect(styles.text()).toContain('.a { color: red }');
    expect(styles.text()).toContain(`.${GMAIL_BODY_CLASS} { background: blue }`);
    expect($('body').attr('bgcolor')).toBeUndefined();
    expect($('body').attr('style')).toBeUndefined();
    expect($(`body > div.${GMAIL_BODY_CLASS} > p.a`).length).toBe(1);
    expect(titles(report)).toEqual(
      expect.arrayContaining([
        'Style blocks outside the head are removed',
        'A style block with a CSS error is dropped whole',
        'The body becomes a div; its style dropped',
      ]),
    );
    expect(report.list().every((entry) => entry.source.length > 0)).toBe(true);
  });

  it('keeps the attributes Gmail keeps on the body div (caniemail#212), not its style', () => {
    const { $ } = gmailStyles(
      '<html><body class="body" id="top" bgcolor="#0f0" style="background:red" leftmargin="9"><p>x</p></body></html>',
    );
    const div = $(`div.${GMAIL_BODY_CLASS}`);
    expect(div.attr('class')).toBe(`${GMAIL_BODY_CLASS} body`);
    expect(div.attr('id')).toBe('top');
    expect(div.attr('bgcolor')).toBe('#0f0');
    expect(div.attr('style')).toBeUndefined();
    expect(div.attr('leftmargin')).toBeUndefined();
  });

  it('drops a block with an at-rule inside an at-rule, keeps nested media queries', () => {
    expect(whyGmailDropsBlock('@media screen { @font-face { font-family: x } }')?.source).toBe(
      'email-bugs#21; caniemail#144',
    );
    expect(
      whyGmailDropsBlock('@supports (display:grid) { @media screen { .a{} } }'),
    ).not.toBeNull();
    expect(whyGmailDropsBlock('@media screen { @media (min-width: 1px) { .a{} } }')).toBeNull();
    expect(whyGmailDropsBlock('.a { color: red } @ { @ }')?.title).toMatch(/CSS error/);
    expect(whyGmailDropsBlock('.a { color: red } @media screen { .b { color: blue } }')).toBeNull();
  });

  it('drops style content past 16 KB, from the block that reaches the limit on', () => {
    const block = `.k { color: red } ${'.p { margin: 0 } '.repeat(600)}`;
    const { $ } = gmailStyles(
      `<html><head><style>${block}</style><style>${block}</style></head><body></body></html>`,
    );
    expect($('style').length).toBe(1);
    expect(withinStyleBudget(['a'.repeat(10000), 'b'.repeat(10000), 'c'])).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('keeps inline styles only for non-Google accounts', () => {
    const { $ } = gmailStyles(
      '<html><head><style>.a{color:red}</style></head><body><p style="color:blue">x</p></body></html>',
      'ANDROIDGMAILIMAP',
    );
    expect($('style').length).toBe(0);
    expect($('p').attr('style')).toBe('color:blue');
  });

  it('removes !important from style blocks while images are off (email-bugs#70)', () => {
    const p = preparationFor(
      '<html><head><style>.a { color: red !important }</style></head><body><p class="a" style="color:blue !important">x</p></body></html>',
      'GMAILNEW',
      undefined,
      { images: 'blocked' },
    );
    stripImportantWhileImagesOff(p);
    const { $, report } = p;
    expect($('style').text()).toBe('.a { color: red }');
    expect($('p').attr('style')).toBe('color:blue !important');
    expect(report.list()[0].source).toBe('email-bugs#70');
  });

  it('clips messages over 102 KB and adds the notice', () => {
    const long = `<html><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(4000)}<p id="end">end</p></body></html>`;
    const p = preparationFor(long, 'GMAILNEW');
    clipLongMessage(p);
    const clipped = p.$;
    expect(clipped('#end').length).toBe(0);
    expect(clipped('.ip-gmail-clip').text()).toBe(CLIP_NOTICE);
    expect(Buffer.byteLength(clipped.html())).toBeLessThan(103 * 1024);
  });

  it('does not clip a short message', () => {
    const p = preparationFor('<p id="end">short</p>', 'GMAILNEW');
    clipLongMessage(p);
    expect(p.$('#end').length).toBe(1);
  });
});
