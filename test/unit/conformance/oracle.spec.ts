import { changedPixels, decide, decideChanges, expected, Picture } from '../../conformance/oracle';

/** A picture of `rows` bands of 10 px, each green or red as `cells` says, 100 px wide. */
function bands(cells: ('green' | 'red' | 'white')[]): Picture {
  const width = 100;
  const height = cells.length * 10;
  const data = Buffer.alloc(width * height * 4);
  const rgb = { green: [0, 128, 0], red: [255, 0, 0], white: [255, 255, 255] };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb[cells[Math.floor(y / 10)]];
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { data, width, height };
}

// A red/green test of two rows: each row green where the feature applies, red without it.
const engine = bands(['green', 'green']);
const engineWithout = bands(['red', 'red']);

describe('the conformance oracle, on red/green tests whose answer is known', () => {
  it('reads a client that draws the feature as supporting it', () => {
    const decision = decide({
      client: bands(['green', 'green']),
      clientWithout: bands(['red', 'red']),
      engine,
      engineWithout,
    });
    // the client's own change decides: the engine's pictures are not read
    expect(decision).toMatchObject({
      verdict: 'supported',
      engineChange: null,
      clientChange: 2000,
    });
  });

  it('reads a client whose picture is the same without the feature as not supporting it', () => {
    const decision = decide({
      client: bands(['red', 'red']),
      clientWithout: bands(['red', 'red']),
      engine,
      engineWithout,
    });
    expect(decision).toMatchObject({ verdict: 'unsupported', engineChange: 2000, clientChange: 0 });
  });

  it('reads a partial support (one row of two) as the feature still drawn', () => {
    const decision = decide({
      client: bands(['green', 'red']),
      clientWithout: bands(['red', 'red']),
      engine,
      engineWithout,
    });
    expect(decision.verdict).toBe('supported');
    expect(expected('a #4')).toBe('supported');
  });

  it('cannot decide where the engine draws the test the same without the feature', () => {
    const decision = decide({
      client: bands(['white']),
      clientWithout: bands(['white']),
      engine: bands(['white']),
      engineWithout: bands(['white']),
    });
    expect(decision).toMatchObject({ verdict: 'undecided', why: expect.stringMatching(/engine/) });
  });

  it('needs the engine to tell why a client draws the same with and without the feature', () => {
    expect(() => decideChanges(null, 0)).toThrow(/engine/);
    expect(decideChanges(null, 500).verdict).toBe('supported');
    expect(decideChanges(23, 0).verdict).toBe('undecided');
    expect(decideChanges(24, 23).verdict).toBe('unsupported');
  });

  it('counts rows only the taller picture has as changed', () => {
    expect(changedPixels(bands(['red']), bands(['red', 'red']))).toBe(1000);
  });

  it("reads caniemail's values: y and a expect the feature drawn, n not, u nothing", () => {
    expect([expected('y'), expected('a #1 #2'), expected('n #3'), expected('u')]).toEqual([
      'supported',
      'supported',
      'unsupported',
      null,
    ]);
  });
});
