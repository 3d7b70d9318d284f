import { RenderFirst } from '../../../../src/domain/captures/run/render-first';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderFirst: thumbnails in the pauses between renders', () => {
  it('holds work back while a render runs, and starts it when the renders end', async () => {
    const order = new RenderFirst();
    const render = gate();
    const started: string[] = [];
    const rendering = order.render(() => render.opened);
    const after = order.afterRenders(async () => void started.push('thumbnails'));
    await settle();
    expect(started).toEqual([]);
    render.open();
    await rendering;
    await after.result;
    expect(started).toEqual(['thumbnails']);
  });

  it('starts at once when nothing renders, one at a time', async () => {
    const order = new RenderFirst();
    const first = gate();
    const started: string[] = [];
    const a = order.afterRenders(async () => {
      started.push('a');
      await first.opened;
    });
    const b = order.afterRenders(async () => void started.push('b'));
    await settle();
    expect(started).toEqual(['a']);
    first.open();
    await Promise.all([a.result, b.result]);
    expect(started).toEqual(['a', 'b']);
  });

  it('starts work someone asks for whatever renders', async () => {
    const order = new RenderFirst();
    const render = gate();
    const rendering = order.render(() => render.opened);
    const started: string[] = [];
    const asked = order.afterRenders(async () => void started.push('asked for'));
    asked.now();
    await asked.result;
    expect(started).toEqual(['asked for']);
    render.open();
    await rendering;
  });
});
