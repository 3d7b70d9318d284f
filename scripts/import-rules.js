// What the import graph of src/ may not hold, beside cycles: imports that go down the layers
// of src/layers.json the wrong way (as Playwright's DEPS.list files say what a folder may
// import). Used by check-import-cycles.js and by its test.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** src/layers.json: each layer's folders, lowest layer first. */
function readLayers(root = join(__dirname, '..', 'src')) {
  return JSON.parse(readFileSync(join(root, 'layers.json'), 'utf8')).layers;
}

/** A file's top-level folder under src/ (`captures`), or `(root)` for a file directly in it. */
const topFolder = (file) => (file.includes('/') ? file.split('/')[0] : '(root)');

/**
 * Every import of `files` (madge's graph: file -> imported files, paths under src/) from a
 * folder to a folder of a higher layer, and every folder in no layer: messages, none if clean.
 */
function layerViolations(files, layers) {
  const rank = new Map();
  layers.forEach((layer, index) => layer.folders.forEach((folder) => rank.set(folder, index)));
  const found = [];
  const unplaced = new Set();
  for (const [file, imports] of Object.entries(files)) {
    const from = topFolder(file);
    if (!rank.has(from)) unplaced.add(from);
    for (const target of imports) {
      const to = topFolder(target);
      if (!rank.has(to)) unplaced.add(to);
      if (rank.has(from) && rank.has(to) && rank.get(to) > rank.get(from))
        found.push(
          `wrong-layer import: ${file} > ${target} (${layers[rank.get(from)].name} may not import ${layers[rank.get(to)].name})`,
        );
    }
  }
  for (const folder of unplaced) found.push(`folder in no layer of src/layers.json: ${folder}/`);
  return found;
}

module.exports = { readLayers, layerViolations };
