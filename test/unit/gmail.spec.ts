import { parseEmail } from '../../src/rendering/transforms/email-document';
import {
  applyGmailStyles,
  CLIP_NOTICE,
  clipLongMessage,
  GMAIL_BODY_CLASS,
} from '../../src/rendering/transforms/gmail';
import { RenderReport } from '../../src/rendering/transforms/render-report';

describe('Gmail style rules', () => {
  it('keeps head styles, drops body styles and broken blocks, turns the body into a div', () => {
    const $ = parseEmail(`<html><head>
      <style>.a { color: red } body { background: blue }</style>
      <style>.b { color: green </style>
      </head><body bgcolor="#000" style="margin:0"><style>.c{}</style><p class="a">x</p></body></html>`);
    const report = new RenderReport();
    applyGmailStyles($, false, report);
    const styles = $('style');
    expect(styles.length).toBe(1);
    expect(styles.text()).toContain('.a { color: red }');
    expect(styles.text()).toContain(`.${GMAIL_BODY_CLASS} { background: blue }`);
    expect($('body').attr('bgcolor')).toBeUndefined();
    expect($(`body > div.${GMAIL_BODY_CLASS} > p.a`).length).toBe(1);
    expect(report.list().map((entry) => entry.title)).toEqual(
      expect.arrayContaining([
        'Style blocks outside the head are removed',
        'A style block with a CSS error is dropped whole',
        'The body becomes a div',
      ]),
    );
  });

  it('drops style content past 16 KB', () => {
    const block = `.k { color: red } ${'.p { margin: 0 } '.repeat(600)}`;
    const $ = parseEmail(
      `<html><head><style>${block}</style><style>${block}</style></head><body></body></html>`,
    );
    applyGmailStyles($, false, new RenderReport());
    expect($('style').length).toBe(1);
  });

  it('keeps inline styles only for non-Google accounts', () => {
    const $ = parseEmail(
      '<html><head><style>.a{color:red}</style></head><body><p style="color:blue">x</p></body></html>',
    );
    applyGmailStyles($, true, new RenderReport());
    expect($('style').length).toBe(0);
    expect($('p').attr('style')).toBe('color:blue');
  });

  it('clips messages over 102 KB and adds the notice', () => {
    const long = `<html><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(4000)}<p id="end">end</p></body></html>`;
    const clipped = clipLongMessage(parseEmail(long), new RenderReport());
    expect(clipped('#end').length).toBe(0);
    expect(clipped('.ip-gmail-clip').text()).toBe(CLIP_NOTICE);
    expect(Buffer.byteLength(clipped.html())).toBeLessThan(103 * 1024);
  });

  it('does not clip a short message', () => {
    const $ = parseEmail('<p id="end">short</p>');
    expect(clipLongMessage($, new RenderReport())('#end').length).toBe(1);
  });
});
