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

// src/layers.json's closed plug-in folders: `folders` (rendering/engine/ and a star) and `openTo`.
function readClosed(root = join(__dirname, '..', 'src')) {
  return JSON.parse(readFileSync(join(root, 'layers.json'), 'utf8')).closed ?? [];
}

// The plug-in folder (rendering/engine/chromium/) a file is in under `pattern`, or null.
function pluginOf(file, pattern) {
  const parent = pattern.replace(/\*\/$/, '');
  if (!file.startsWith(parent)) return null;
  const rest = file.slice(parent.length).split('/');
  return rest.length > 1 ? `${parent}${rest[0]}/` : null;
}

/**
 * Every import of a file inside a closed plug-in folder from outside it, other than by the
 * folder's registry (`openTo`): messages, none if clean.
 */
function closedViolations(files, closed) {
  const found = [];
  for (const [file, imports] of Object.entries(files))
    for (const target of imports)
      for (const rule of closed) {
        const plugin = pluginOf(target, rule.folders);
        if (plugin && !file.startsWith(plugin) && !rule.openTo.includes(file))
          found.push(
            `closed-folder import: ${file} > ${target} (only ${plugin} itself and ${rule.openTo.join(', ')} may import it)`,
          );
      }
  return found;
}

// src/layers.json's folders reached through one entry file: `folder`, `entry`, `from`, `except`.
function readEntries(root = join(__dirname, '..', 'src')) {
  return JSON.parse(readFileSync(join(root, 'layers.json'), 'utf8')).entries ?? [];
}

// Whether `file` is one of `places`: a folder (`domain/`), a file, or `(root)` (a file of src/).
const isIn = (file, places) =>
  places.some((place) =>
    place === '(root)'
      ? !file.includes('/')
      : place.endsWith('/')
        ? file.startsWith(place)
        : file === place,
  );

/**
 * Every import from a file of `from` (not in `except`) of a file inside an entry rule's folder
 * other than its entry: messages, none if clean.
 */
function entryViolations(files, entries) {
  const found = [];
  for (const [file, imports] of Object.entries(files))
    for (const rule of entries) {
      if (!isIn(file, rule.from) || isIn(file, rule.except ?? [])) continue;
      for (const target of imports)
        if (target.startsWith(rule.folder) && target !== rule.entry)
          found.push(
            `past-entry import: ${file} > ${target} (${rule.folder} is reached through ${rule.entry})`,
          );
    }
  return found;
}

module.exports = {
  readLayers,
  layerViolations,
  readClosed,
  closedViolations,
  readEntries,
  entryViolations,
};
