import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { dkimSign, DKIMSignOptions } from 'mailauth';

/** A DKIM key pair, and its public key as the TXT record publishes it (`p=`, base64 DER). */
export function dkimKey(): { privateKey: KeyObject; record: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey, record: `v=DKIM1; k=rsa; p=${key}` };
}

/** A TXT record's text as character strings of 255 at most, as a zone publishes a long one. */
export function characterStrings(text: string): string[] {
  return text.match(/.{1,255}/g) ?? [''];
}

/** `message` with a DKIM-Signature of `domain`'s selector `selector` (mailauth) prepended. */
export async function dkimSigned(
  message: string,
  signer: { domain: string; selector: string; privateKey: KeyObject },
): Promise<string> {
  // mailauth's shipped types name the one-signature options only; it signs with signatureData.
  const options = {
    signatureData: [
      {
        signingDomain: signer.domain,
        selector: signer.selector,
        privateKey: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      },
    ],
  } as unknown as DKIMSignOptions;
  const { signatures, errors } = await dkimSign(message, options);
  if (errors.length) throw new Error(JSON.stringify(errors));
  return signatures + message;
}
