import type { AuthenticateResult, AuthStatus, DKIMResult } from 'mailauth';
import { version as VERSION } from 'mailauth/package.json';
import type { DnsLookups } from '../../platform/dns/dns-lookups';
import type { EmailEnvelope } from '../emails/email.entity';

/** One check's verdict, as RFC 8601 names them (pass, fail, none, temperror, ...). */
interface Verdict {
  result: string;
  /** Why, in the checker's words (absent when it gave none). */
  reason?: string;
}

/** One DKIM-Signature header: who signed, with which key, and whether it held. */
/** Signatures past MAX_SIGNATURES: counted, not verified. */
interface NotChecked {
  signatures: number;
  reason: string;
}

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
  dkim: Verdict & { signatures: DkimSignature[]; not_checked?: NotChecked };
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
  lookups: DnsLookups;
  /** The name this service reports as the receiving host. */
  receiver: string;
}

const NO_ENVELOPE =
  'not checked: SPF needs the sending IP and HELO, give sending_ip and helo at upload';

/**
 * DKIM signatures verified of one message, top down, as OpenDKIM's MaximumSignaturesToVerify
 * (default 3): each costs a key lookup and a hash of the body, and a hostile message carries
 * thousands. The rest are reported as not checked.
 */
export const MAX_SIGNATURES = 5;
/**
 * DNS lookups of one message: DKIM keys (MAX_SIGNATURES), ARC's, SPF's own ten (RFC 7208
 * 4.6.4, which mailauth enforces) and its void lookups, DMARC and BIMI with their fallbacks.
 */
export const MAX_LOOKUPS = 30;

/**
 * DKIM, SPF, DMARC, ARC and BIMI of a message by mailauth (Postal Systems' implementation of the
 * RFCs, the one EmailEngine and WildDuck run), in its strict mode: a signature whose body no
 * longer matches is a fail (RFC 6376 6.3), not the lenient default's neutral. At most
 * MAX_SIGNATURES signatures and MAX_LOOKUPS lookups: CPU-bound, so run in a worker thread
 * (AuthenticationChecker).
 */
export async function authenticateMessage(
  input: AuthenticationInput,
): Promise<AuthenticationAnswer> {
  const { message, skipped } = firstSignaturesOnly(input.message, MAX_SIGNATURES);
  const budget = input.lookups.budget(MAX_LOOKUPS);
  // Loaded here, in the worker thread that checks, not with the service (some 300 modules).
  const { authenticate } = await import('mailauth');
  const found = await authenticate(message, {
    ...(input.envelope
      ? {
          ip: input.envelope.sending_ip,
          helo: input.envelope.helo,
          ...(input.envelope.mail_from ? { sender: input.envelope.mail_from } : {}),
        }
      : {}),
    mta: input.receiver,
    resolver: budget.resolver,
    strict: true,
    trustReceived: false,
  });
  const dkim = dkimOf(found);
  if (skipped > 0)
    dkim.not_checked = {
      signatures: skipped,
      reason: `only the first ${MAX_SIGNATURES} DKIM signatures are verified (as OpenDKIM's MaximumSignaturesToVerify)`,
    };
  return {
    checked_by: `mailauth ${VERSION}`,
    dns_servers: input.lookups.servers,
    dkim,
    spf: input.envelope ? spfOf(found) : { result: 'none', reason: NO_ENVELOPE },
    dmarc: dmarcOf(found),
    arc: arcOf(found),
    bimi: bimiOf(found),
    // Only a lookup that may answer later (a timeout, SERVFAIL) makes the answer worth asking
    // again; a message that ran out of its lookups gets the same answer every time.
    incomplete: budget.transientFailure,
  };
}

/** Every check temporarily failed, for one reason (the check did not finish in its time). */
export function unfinished(reason: string, lookups: string[]): AuthenticationAnswer {
  const failed = { result: 'temperror', reason };
  return {
    checked_by: `mailauth ${VERSION}`,
    dns_servers: lookups,
    dkim: { ...failed, signatures: [] },
    spf: failed,
    dmarc: failed,
    arc: { ...failed, instance: 0 },
    bimi: failed,
    incomplete: true,
  };
}

/**
 * The message with its first `max` DKIM-Signature fields only (top down, as verifiers take
 * them), and how many it dropped. Read as latin1, so every byte is kept as it was.
 */
export function firstSignaturesOnly(
  message: Buffer,
  max: number,
): { message: Buffer; skipped: number } {
  const text = message.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const headerEnd = end ? end.index + end[0].length : text.length;
  // A field starts at a line that does not begin with white space (RFC 5322 2.2.3 folding).
  const fields = text.slice(0, headerEnd).split(/(?<=\n)(?=[^ \t])/);
  let kept = 0;
  let skipped = 0;
  const out = fields.filter((field) => {
    if (!/^dkim-signature[ \t]*:/i.test(field)) return true;
    if (kept < max) return ++kept > 0;
    skipped++;
    return false;
  });
  if (skipped === 0) return { message, skipped };
  return { message: Buffer.from(out.join('') + text.slice(headerEnd), 'latin1'), skipped };
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
