import { SpamdShare } from '../../../../src/platform/spamd/spamd-share';

/** A scan that ends when the test says so. */
function heldScan() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, scan: () => done };
}

describe("SpamdShare: spamd's two children, one per account", () => {
  it("leaves the second child to another account while one account's scans wait", async () => {
    const share = new SpamdShare();
    const started: string[] = [];
    const run = (account: string, name: string) => {
      const held = heldScan();
      const finished = share.run(account, () => {
        started.push(name);
        return held.scan();
      });
      return { ...held, finished };
    };
    const a = [run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('a', 'a4')];
    const b = run('b', 'b1');
    await new Promise((resolve) => setImmediate(resolve));
    // a's first scan and b's, at once; a's others wait for a's own turn.
    expect(started).toEqual(['a1', 'b1']);
    b.finish();
    await b.finished;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'b1']);
    a[0].finish();
    await a[0].finished;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'b1', 'a2']);
    for (const scan of a.slice(1)) scan.finish();
    await Promise.all(a.map((scan) => scan.finished));
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });
});
