import { loadConfig } from '../../../../src/platform/config/app-config';
import { ManualClock } from '../../../../src/platform/config/clock';
import type { BillingService } from '../../../../src/domain/billing/billing.service';
import type { CaptureFile } from '../../../../src/domain/captures/state/capture.entity';
import { CaptureRepository } from '../../../../src/domain/captures/state/capture.repository';
import { CaptureStateMachine } from '../../../../src/domain/captures/state/capture-state-machine';
import type { Storage } from '../../../../src/platform/storage/storage';

/** The repository's one read this needs, answered from a list of rows. */
class HeldRows extends CaptureRepository {
  held: { id: string; status: 'captured' | 'pending'; files: CaptureFile[] }[] = [];
  constructor() {
    super({ getRepository: () => undefined } as never);
  }
  override async heldByEmail(_emailId: string, exceptId?: string) {
    const others = this.held.filter((row) => row.id !== exceptId);
    return {
      files: others.flatMap((row) => row.files),
      inFlight: others.some((row) => row.status === 'pending'),
    };
  }
}

describe('CaptureStateMachine.deleteUnheld: files shared by the captures of one render', () => {
  const file = (key: string): CaptureFile => ({
    key,
    content_type: 'image/png',
    location: 'local',
  });
  let rows: HeldRows;
  let deleted: string[];
  let store: CaptureStateMachine;
  beforeEach(() => {
    rows = new HeldRows();
    deleted = [];
    const storage = {
      delete: async (files: { key: string }[]) => void deleted.push(...files.map((f) => f.key)),
    } as unknown as Storage;
    store = new CaptureStateMachine(
      rows,
      new ManualClock(new Date('2026-11-24T00:00:00Z')),
      storage,
      {} as BillingService,
      loadConfig({ DATA_DIR: '/tmp/ip-unit' }),
    );
  });

  it('deletes only the files no captured row holds', async () => {
    rows.held = [
      { id: 'b', status: 'captured', files: [file('render/1'), file('render/1-thumb')] },
    ];
    await store.deleteUnheld('e', [file('render/1'), file('render/1-thumb'), file('render/2')]);
    expect(deleted).toEqual(['render/2']);
  });

  it('the last capture holding a file takes it along', async () => {
    await store.deleteUnheld('e', [file('render/1')]);
    expect(deleted).toEqual(['render/1']);
  });

  it('an attempt that lost its row deletes nothing while a capture of the email is being made', async () => {
    rows.held = [{ id: 'b', status: 'pending', files: [] }];
    await store.deleteUnheld('e', [file('render/1')], { unlessInFlight: true });
    expect(deleted).toEqual([]);
    rows.held = [];
    await store.deleteUnheld('e', [file('render/1')], { unlessInFlight: true });
    expect(deleted).toEqual(['render/1']);
  });
});
