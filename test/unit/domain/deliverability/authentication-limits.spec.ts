import { firstSignaturesOnly } from '../../../../src/domain/deliverability/authentication';
import { LOOKUP_LIMIT, LookupBudget } from '../../../../src/platform/dns/dns-lookups';
import { notScannedBecause } from '../../../../src/platform/spamd/spamd-share';

const signature = (n: number) =>
  `DKIM-Signature: v=1; a=rsa-sha256; d=acme.test; s=s${n}; l=${n};\r\n\tbh=x; b=y`;

describe('firstSignaturesOnly: the DKIM signatures a verifier takes', () => {
  const message = (signatures: number) =>
    Buffer.from(
      [
        ...Array.from({ length: signatures }, (_, n) => signature(n)),
        'From: a@acme.test',
        'Subject: é',
        '',
        'DKIM-Signature: in the body, not a header',
        '',
      ].join('\r\n'),
      'latin1',
    );

  it('keeps the first N, top down, with their folded lines, and counts the rest', () => {
    const { message: kept, skipped } = firstSignaturesOnly(message(1000), 5);
    expect(skipped).toBe(995);
    const text = kept.toString('latin1');
    expect(text.match(/^DKIM-Signature:/gm)).toHaveLength(6); // five headers, one body line
    for (let n = 0; n < 5; n++) expect(text).toContain(`${signature(n)}\r\n`);
    expect(text).not.toContain('s=s5;');
    expect(text).toContain('From: a@acme.test\r\nSubject: é\r\n\r\nDKIM-Signature: in the body');
  });

  it('returns the very message when it has no more than N', () => {
    const original = message(3);
    expect(firstSignaturesOnly(original, 5)).toEqual({ message: original, skipped: 0 });
  });
});

describe("LookupBudget: one message's share of DNS", () => {
  it('answers its first lookups, then refuses at once; only a timeout makes it transient', async () => {
    const asked: string[] = [];
    const budget = new LookupBudget(async (name) => {
      asked.push(name);
      if (name === 'gone.test') throw Object.assign(new Error('gone'), { code: 'ENOTFOUND' });
      return [['v=spf1 -all']];
    }, 3);
    await budget.resolver('a.test', 'TXT');
    await expect(budget.resolver('gone.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await budget.resolver('b.test', 'TXT');
    await expect(budget.resolver('c.test', 'TXT')).rejects.toMatchObject({ code: LOOKUP_LIMIT });
    expect(asked).toEqual(['a.test', 'gone.test', 'b.test']);
    expect(budget.exhausted).toBe(true);
    expect(budget.transientFailure).toBe(false);
  });

  it('remembers a lookup that timed out', async () => {
    const budget = new LookupBudget(async () => {
      throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
    }, 3);
    await expect(budget.resolver('a.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(budget.transientFailure).toBe(true);
  });
});

describe('notScannedBecause: what spamd is given', () => {
  it('gives it a message within the limits', () => {
    expect(notScannedBecause(Buffer.from('Subject: x\r\n\r\nhello'))).toBeNull();
  });

  it('skips one larger than spamc would send, and one of too many parts', () => {
    expect(notScannedBecause(Buffer.alloc(600_000, 'a'))).toMatch(/600000 bytes .* spamc/);
    const parts = Array.from(
      { length: 450 },
      () => '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n',
    );
    expect(notScannedBecause(Buffer.from(parts.join('')))).toMatch(/450 MIME parts/);
  });
});
