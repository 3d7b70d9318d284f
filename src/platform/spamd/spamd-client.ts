import { connect, type NetConnectOpts } from 'node:net';

/** Where spamd listens: a Unix socket, or a TCP host and port. */
export type SpamdAddress = { path: string } | { host: string; port: number };

export function parseSpamdUrl(url: string): SpamdAddress {
  if (url.startsWith('unix:')) return { path: url.slice('unix:'.length) };
  const at = url.lastIndexOf(':');
  return { host: url.slice(0, at), port: Number(url.slice(at + 1)) };
}

/** One SpamAssassin rule the message hit. */
export interface SpamRule {
  name: string;
  score: number;
  description: string;
}

export interface SpamReport {
  score: number;
  threshold: number;
  is_spam: boolean;
  rules: SpamRule[];
}

export class SpamdError extends Error {}

/**
 * A SPAMC/1.5 REPORT request (spamd(1), "PROTOCOL"): the message in, the score, threshold
 * and rule table out. Written here rather than taken from npm: the `spamc` packages there
 * are unmaintained since 2014 and speak only TCP, and the protocol is two header lines.
 */
export function spamdReport(
  address: SpamdAddress,
  message: Buffer,
  timeoutMs: number,
): Promise<SpamReport> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(address as NetConnectOpts);
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new SpamdError(`spamd did not answer in ${timeoutMs} ms`)),
    );
    socket.on('connect', () => {
      socket.write(`REPORT SPAMC/1.5\r\nContent-length: ${message.length}\r\n\r\n`);
      socket.end(message);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => reject(new SpamdError(`spamd: ${error.message}`)));
    socket.on('end', () => {
      try {
        resolve(parseReport(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** `SPAMD/1.1 0 EX_OK`, `Spam: True ; 1003.3 / 5.0`, a blank line, then the report text. */
export function parseReport(answer: string): SpamReport {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const status = /^SPAMD\/[\d.]+ (\d+) (\S+)/.exec(head);
  if (!status) throw new SpamdError('spamd answered something other than SPAMD/1.x');
  if (status[1] !== '0') throw new SpamdError(`spamd refused the message: ${status[2]}`);
  const verdict = /^Spam: (True|False) ; (-?[\d.]+) \/ (-?[\d.]+)/m.exec(head);
  if (!verdict) throw new SpamdError('spamd answered no Spam header');
  return {
    is_spam: verdict[1] === 'True',
    score: Number(verdict[2]),
    threshold: Number(verdict[3]),
    rules: ruleTable(rest.join('\r\n\r\n')),
  };
}

/**
 * The report's table (` pts rule name  description`, then `---- ---- ----`): one rule a
 * line, a long description continued on indented lines without a score.
 */
function ruleTable(report: string): SpamRule[] {
  const lines = report.split(/\r?\n/);
  const start = lines.findIndex((line) => /^-+ -+ -+/.test(line));
  if (start < 0) return [];
  const rules: SpamRule[] = [];
  for (const line of lines.slice(start + 1)) {
    const rule = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/.exec(line);
    if (rule) rules.push({ score: Number(rule[1]), name: rule[2], description: rule[3].trim() });
    else if (/^\s{6,}\S/.test(line) && rules.length)
      rules[rules.length - 1].description += ` ${line.trim()}`;
    else if (line.trim() === '') break;
  }
  return rules;
}
