import {
  parseReport,
  parseSpamdUrl,
  SpamdError,
} from '../../../../src/platform/spamd/spamd-client';

/** A REPORT answer as spamd 4.0.1 wrote it (the rule table of a GTUBE message). */
const ANSWER = [
  'SPAMD/1.1 0 EX_OK',
  'Content-length: 900',
  'Spam: True ; 1003.3 / 5.0',
  '',
  'Spam detection software, running on the system "vm",',
  'has identified this incoming email as possible spam.',
  '',
  'Content analysis details:   (1003.3 points, 5.0 required)',
  '',
  ' pts rule name              description',
  '---- ---------------------- --------------------------------------------------',
  ' 2.7 MISSING_DATE           Missing Date: header',
  '-0.0 NO_RECEIVED            Informational: message has no Received headers',
  '1000 GTUBE                  BODY: Generic Test for Unsolicited Bulk Email',
  ' 0.1 HTML_MESSAGE           BODY: HTML included in message, and a description',
  '                            long enough to wrap',
  '',
  '',
].join('\r\n');

describe("spamd's REPORT answer", () => {
  it('reads the verdict, score, threshold and every rule, a wrapped description joined', () => {
    expect(parseReport(ANSWER)).toEqual({
      is_spam: true,
      score: 1003.3,
      threshold: 5,
      rules: [
        { score: 2.7, name: 'MISSING_DATE', description: 'Missing Date: header' },
        {
          score: -0,
          name: 'NO_RECEIVED',
          description: 'Informational: message has no Received headers',
        },
        {
          score: 1000,
          name: 'GTUBE',
          description: 'BODY: Generic Test for Unsolicited Bulk Email',
        },
        {
          score: 0.1,
          name: 'HTML_MESSAGE',
          description: 'BODY: HTML included in message, and a description long enough to wrap',
        },
      ],
    });
  });

  it('refuses an answer that is not SPAMD/1.x, a failure status, or one without a verdict', () => {
    expect(() => parseReport('HTTP/1.1 200 OK\r\n\r\n')).toThrow(SpamdError);
    expect(() => parseReport('SPAMD/1.1 76 EX_PROTOCOL\r\n\r\n')).toThrow(/EX_PROTOCOL/);
    expect(() => parseReport('SPAMD/1.1 0 EX_OK\r\nContent-length: 0\r\n\r\n')).toThrow(
      /no Spam header/,
    );
  });

  it('reads SPAMD_URL as a socket path or a host and port', () => {
    expect(parseSpamdUrl('unix:/run/spamd.sock')).toEqual({ path: '/run/spamd.sock' });
    expect(parseSpamdUrl('spam.internal:783')).toEqual({ host: 'spam.internal', port: 783 });
  });
});
