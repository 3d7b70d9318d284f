/**
 * SMTP refusals: smtp-server answers an Error with its `responseCode` and message; the
 * enhanced status code (RFC 3463) leads the text, as smtp-server does not add it here.
 */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    enhanced: string,
    text: string,
  ) {
    super(`${enhanced} ${text}`);
  }
}

export const REPLIES = {
  authInvalid: () => new SmtpReply(535, '5.7.8', 'Authentication credentials invalid'),
  authThrottled: () =>
    new SmtpReply(454, '4.7.0', 'Too many failed authentication attempts from this address'),
  encryptionRequired: () =>
    new SmtpReply(538, '5.7.11', 'Encryption required: AUTH is taken over TLS or from loopback'),
  relayDenied: (address: string) =>
    new SmtpReply(550, '5.7.1', `Relaying denied: ${address} is not an intake address`),
  oneIntakeRecipient: () =>
    new SmtpReply(452, '4.5.3', 'One intake address per message: send the others separately'),
  tooBig: (limit: number) =>
    new SmtpReply(552, '5.3.4', `Message too big: the limit is ${limit} bytes`),
  busy: () => new SmtpReply(451, '4.3.0', 'Service busy or unavailable: try again later'),
};

/**
 * A failure storing a message, as SMTP says it: what POST /v1/emails answers 4xx for (the
 * message itself: 400, 413, 415, 422) is permanent (554 5.6.0, with the API's reason); the
 * rest (429, 503, anything unexpected) is temporary, so the sender tries again.
 */
export function replyForFailure(error: unknown): SmtpReply {
  const status = (error as { getStatus?: () => number }).getStatus?.();
  if (status !== undefined && status >= 400 && status < 500 && status !== 429)
    return new SmtpReply(554, '5.6.0', `Message refused: ${(error as Error).message}`);
  return REPLIES.busy();
}
