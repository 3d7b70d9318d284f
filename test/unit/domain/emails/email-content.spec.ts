import type { Email } from '../../../../src/domain/emails/email.entity';
import { EmailsService } from '../../../../src/domain/emails/emails.service';
import type { Storage } from '../../../../src/platform/storage/storage';

/** A storage that counts its reads, each a little late (as a disk or S3 is). */
function countingStorage() {
  const reads: string[] = [];
  const storage = {
    get: async (key: string) => {
      reads.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.from(`bytes of ${key}`);
    },
  } as unknown as Storage;
  return { storage, reads };
}

const email = (id: string): Email =>
  ({
    id,
    htmlText: '<img src="https://img.example/a.png">',
    plainText: null,
    images: [
      {
        url: 'https://img.example/a.png',
        status: 'stored',
        key: `${id}/a`,
        content_type: 'image/png',
      },
      { url: 'https://img.example/b.png', status: 'missing', reason: 'not found' },
    ],
    resources: [],
    expiredAt: null,
  }) as unknown as Email;

function service(storage: Storage): EmailsService {
  const unused = null as never;
  return new EmailsService(unused, unused, unused, unused, storage, unused, unused, unused);
}

describe("EmailsService.contentOf: an email's content for its captures", () => {
  it('reads the stored copies once for every capture that asks, at once or after', async () => {
    const { storage, reads } = countingStorage();
    const emails = service(storage);
    const grid = await Promise.all(Array.from({ length: 20 }, () => emails.contentOf(email('e1'))));
    await emails.contentOf(email('e1'));
    expect(reads).toEqual(['e1/a']);
    expect(grid[0].images).toEqual([
      {
        url: 'https://img.example/a.png',
        contentType: 'image/png',
        data: Buffer.from('bytes of e1/a'),
      },
    ]);
    expect(grid[0].missingImages).toEqual([
      expect.objectContaining({ url: 'https://img.example/b.png' }),
    ]);
    // Another email is read on its own.
    await emails.contentOf(email('e2'));
    expect(reads).toEqual(['e1/a', 'e2/a']);
  });
});
