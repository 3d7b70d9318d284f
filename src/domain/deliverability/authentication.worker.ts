import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import { DnsLookups, DnsSettings } from '../../platform/dns/dns-lookups';
import type { EmailEnvelope } from '../emails/email.entity';
import { AuthenticationAnswer, authenticateMessage } from './authentication';

export interface AuthenticationTask {
  message: Uint8Array;
  envelope: EmailEnvelope | null;
  receiver: string;
  dns: DnsSettings;
}

/** This thread's resolver and its cache, kept from one message to the next. */
let lookups: { settings: string; dns: DnsLookups } | undefined;

function lookupsFor(settings: DnsSettings): DnsLookups {
  const key = JSON.stringify(settings);
  if (lookups?.settings !== key) lookups = { settings: key, dns: new DnsLookups(settings) };
  return lookups.dns;
}

/** The worker-thread entry piscina loads: one message's authentication per call. */
export default threadEntry((task: AuthenticationTask): Promise<AuthenticationAnswer> =>
  authenticateMessage({
    message: Buffer.from(task.message.buffer, task.message.byteOffset, task.message.byteLength),
    envelope: task.envelope,
    receiver: task.receiver,
    lookups: lookupsFor(task.dns),
  }),
);
