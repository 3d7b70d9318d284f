import { authenticate, AuthenticateResult, AuthStatus, DKIMResult } from 'mailauth';
import { version as VERSION } from 'mailauth/package.json';
import type { EmailEnvelope } from '../emails/email.entity';

/** One check's verdict, as RFC 8601 names them (pass, fail, none, temperror, ...). */
interface Verdict {
  result: string;
  /** Why, in the checker's words (absent when it gave none). */
  reason?: string;
}

/** One DKIM-Signature header: who signed, with which key, and whether it held. */
export interface DkimSignature extends Verdict {
  domain: string;
  selector: string;
  algorithm: string;
  /**
   * The signing domain aligns with the From domain (DMARC's relaxed or strict rule), whether or
   * not the signature holds: DMARC counts it only when it does.
   */
  aligned: boolean;
}

/** What authentication found, as GET /v1/emails/<guid>/deliverability answers it. */
export interface AuthenticationAnswer {
  checked_by: string;
  dns_servers: string[];
  dkim: Verdict & { signatures: DkimSignature[] };
  spf: Verdict & { domain?: string; client_ip?: string; helo?: string; mail_from?: string };
  dmarc: Verdict & {
    domain?: string;
    policy?: string;
    record?: string;
    alignment?: { dkim: string | null; spf: string | null };
  };
  arc: Verdict & { instance: number };
  bimi: Verdict & { record?: string; logo_url?: string; authority_url?: string };
  /** A lookup did not answer (timeout, server failure): the answer is not kept, a later read asks again. */
  incomplete: boolean;
}

export interface AuthenticationInput {
  message: Buffer;
  envelope: EmailEnvelope | null;
  resolver: (name: string, type: string) => Promise<string[][] | string[]>;
  dnsServers: string[];
  /** The name this service reports as the receiving host. */
  receiver: string;
}

const NO_ENVELOPE =
  'not checked: SPF needs the sending IP and HELO, give sending_ip and helo at upload';

/**
 * DKIM, SPF, DMARC, ARC and BIMI of a message by mailauth (Postal Systems' implementation of the
 * RFCs, the one EmailEngine and WildDuck run), in its strict mode: a signature whose body no
 * longer matches is a fail (RFC 6376 6.3), not the lenient default's neutral.
 */
export async function authenticateMessage(
  input: AuthenticationInput,
): Promise<AuthenticationAnswer> {
  const found = await authenticate(input.message, {
    ...(input.envelope
      ? {
          ip: input.envelope.sending_ip,
          helo: input.envelope.helo,
          ...(input.envelope.mail_from ? { sender: input.envelope.mail_from } : {}),
        }
      : {}),
    mta: input.receiver,
    resolver: input.resolver,
    strict: true,
    trustReceived: false,
  });
  const answer: AuthenticationAnswer = {
    checked_by: `mailauth ${VERSION}`,
    dns_servers: input.dnsServers,
    dkim: dkimOf(found),
    spf: input.envelope ? spfOf(found) : { result: 'none', reason: NO_ENVELOPE },
    dmarc: dmarcOf(found),
    arc: arcOf(found),
    bimi: bimiOf(found),
    incomplete: false,
  };
  answer.incomplete =
    [answer.dkim, answer.spf, answer.dmarc, answer.arc, answer.bimi].some(isTemporary) ||
    answer.dkim.signatures.some(isTemporary);
  return answer;
}

function isTemporary(check: Verdict): boolean {
  return /^temperr/.test(check.result);
}

function verdict(status: AuthStatus | undefined): Verdict {
  if (!status) return { result: 'none' };
  return { result: status.result, ...(status.comment ? { reason: status.comment } : {}) };
}

function dkimOf(found: AuthenticateResult): AuthenticationAnswer['dkim'] {
  const signatures = (found.dkim?.results ?? [])
    .filter((result: DKIMResult) => result.signingDomain)
    .map((result: DKIMResult) => ({
      domain: result.signingDomain as string,
      selector: result.selector ?? '',
      algorithm: result.algo ?? '',
      ...verdict(result.status),
      aligned: Boolean(result.status?.aligned),
    }));
  if (signatures.length === 0)
    return { result: 'none', reason: 'the message carries no DKIM signature', signatures };
  // The message's DKIM verdict: its best signature's (one valid signature is enough).
  const order = ['pass', 'fail', 'policy', 'neutral', 'temperror', 'permerror'];
  const best = [...signatures].sort((a, b) => rank(order, a.result) - rank(order, b.result))[0];
  return { result: best.result, ...(best.reason ? { reason: best.reason } : {}), signatures };
}

function rank(order: string[], result: string): number {
  const index = order.indexOf(result);
  return index < 0 ? order.length : index;
}

function arcOf(found: AuthenticateResult): AuthenticationAnswer['arc'] {
  const arc = found.arc;
  if (!arc) return { result: 'none', instance: 0 };
  return { ...verdict(arc.status), instance: typeof arc.i === 'number' ? arc.i : 0 };
}

function spfOf(found: AuthenticateResult): AuthenticationAnswer['spf'] {
  const spf = found.spf;
  if (!spf) return { result: 'none' };
  return {
    ...verdict(spf.status),
    ...(spf.domain ? { domain: spf.domain } : {}),
    ...(spf['client-ip'] ? { client_ip: spf['client-ip'] } : {}),
    ...(spf.helo ? { helo: spf.helo } : {}),
    ...(spf['envelope-from'] ? { mail_from: spf['envelope-from'] } : {}),
  };
}

function dmarcOf(found: AuthenticateResult): AuthenticationAnswer['dmarc'] {
  const dmarc = found.dmarc;
  if (!dmarc) return { result: 'none', reason: 'the message has no From domain to check' };
  if (dmarc.status.result === 'none' && !dmarc.rr)
    return {
      result: 'none',
      reason: `${dmarc.domain} publishes no DMARC record`,
      domain: dmarc.domain,
    };
  return {
    ...verdict(dmarc.status),
    domain: dmarc.domain,
    ...(dmarc.policy ? { policy: dmarc.policy } : {}),
    ...(dmarc.rr ? { record: dmarc.rr } : {}),
    alignment: {
      dkim: dmarc.alignment?.dkim?.result || null,
      spf: dmarc.alignment?.spf?.result || null,
    },
  };
}

function bimiOf(found: AuthenticateResult): AuthenticationAnswer['bimi'] {
  const bimi = found.bimi;
  if (!bimi) return { result: 'none' };
  return {
    ...verdict(bimi.status),
    ...(bimi.rr ? { record: bimi.rr } : {}),
    ...(bimi.location ? { logo_url: bimi.location } : {}),
    ...(bimi.authority ? { authority_url: bimi.authority } : {}),
  };
}
