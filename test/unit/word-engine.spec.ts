import { parseEmail } from '../../src/rendering/transforms/email-document';
import { RenderReport } from '../../src/rendering/transforms/render-report';
import {
  applyDpi120,
  applyWordEngine,
  wordIgnores,
} from '../../src/rendering/transforms/word-engine';

describe('Word engine CSS subset', () => {
  it.each([
    ['max-width', '600px', 'table', true],
    ['background-image', 'url(x.png)', 'td', true],
    ['background', '#fff url(x.png)', 'td', true],
    ['background', '#ffffff', 'td', false],
    ['border-radius', '8px', 'td', true],
    ['display', 'flex', 'div', true],
    ['display', 'block', 'div', false],
    ['position', 'absolute', 'div', true],
    ['float', 'left', 'div', true],
    ['float', 'left', 'img', false],
    ['padding', '10px', 'td', false],
    ['padding-left', '10px', 'div', true],
    ['padding', '10px', 'p', true],
    ['width', '300px', 'div', true],
    ['width', '300px', 'td', false],
    ['height', '20px', 'span', true],
    ['color', 'red', 'div', false],
  ])('%s: %s on <%s> ignored = %s', (property, value, tag, expected) => {
    expect(wordIgnores(property, value, tag)).toBe(expected);
  });

  it('rewrites style attributes and style blocks, and removes mso-hide:all content', () => {
    const $ = parseEmail(`<html><head><style>
      div.card { padding: 20px; border-radius: 6px; color: #333 }
      td.cell { padding: 20px }
      .any { padding: 4px; max-width: 600px }
    </style></head><body>
      <div style="padding:10px; width:200px; color:red">d</div>
      <td style="padding:10px; width:200px">t</td>
      <div style="mso-hide:all">web only</div></body></html>`);
    const report = new RenderReport();
    applyWordEngine($, report);
    const css = $('style').text();
    expect(css).toContain('div.card { color: #333 }');
    expect(css).toContain('td.cell { padding: 20px }');
    expect(css).toContain('.any { padding: 4px }');
    expect($('div').first().attr('style')).toBe('color:red');
    expect($('body').text()).not.toContain('web only');
    expect(report.list().length).toBeGreaterThan(0);
  });

  it('leaves HTML width/height attributes unscaled at 120 DPI', () => {
    const $ = parseEmail(
      '<table width="600"><tr><td width="300"><img width="250" height="100" src="x"></td></tr></table>',
    );
    applyDpi120($, new RenderReport());
    expect($('table').attr('width')).toBe('480');
    expect($('td').attr('width')).toBe('240');
    expect($('img').attr('width')).toBe('200');
    expect($('img').attr('height')).toBe('80');
  });
});
