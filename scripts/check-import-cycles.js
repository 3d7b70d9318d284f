#!/usr/bin/env node
// No import cycle between files nor between folders of src/, at any depth, and no import up
// the layers of src/layers.json
// (docs/architecture.md#modules-and-tables: one owner per table, dependencies one way; a client
// family is a folder that the pipeline core never imports). madge reads the imports; this folds
// its graph onto folders and looks for cycles there: first the module folders (src/<folder>),
// then one level deeper
// (src/<folder>/<sub>: rendering/caniemail, rendering/families...), and so on to the deepest
// folder. At depth n a file stands for its folder cut to n levels; a file higher up stands for
// itself, so a chain through a parent folder's file (a/x > parent.ts > b/y > a/z) is a cycle
// while a subfolder using one file of its parent that another parent file uses is not.
const madge = require('madge');

const { closedViolations, entryViolations, layerViolations } = require('./import-rules');
const { readClosed, readEntries, readLayers } = require('./import-rules');

function cycles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const foldersOf = (file) => file.split('/').slice(0, -1);
const nodeAt = (file, depth) =>
  foldersOf(file).length >= depth ? `${foldersOf(file).slice(0, depth).join('/')}/` : file;

/** The import graph folded onto the folders `depth` levels under src/ (`name/`). */
function foldedGraph(files, depth) {
  const nodes = new Map();
  for (const [file, imports] of Object.entries(files)) {
    const from = nodeAt(file, depth);
    if (!nodes.has(from)) nodes.set(from, new Set());
    for (const target of imports) {
      const to = nodeAt(target, depth);
      if (to !== from) nodes.get(from).add(to);
    }
  }
  return nodes;
}

async function main() {
  const result = await madge('src', {
    fileExtensions: ['ts'],
    tsConfig: 'tsconfig.json',
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  const files = result.obj();
  const fileCycles = result.circular();
  for (const cycle of fileCycles) console.error(`file cycle: ${cycle.join(' > ')}`);
  const deepest = Math.max(...Object.keys(files).map((file) => foldersOf(file).length));
  let failed = fileCycles.length > 0;
  // Imports that make no cycle but go up the layers (src/layers.json).
  // ... or reach into a plug-in folder other than through its registry.
  const violations = [
    ...layerViolations(files, readLayers()),
    ...closedViolations(files, readClosed()),
    ...entryViolations(files, readEntries()),
  ];
  for (const violation of violations) {
    console.error(violation);
    failed = true;
  }
  const folders = new Set();
  for (let depth = 1; depth <= deepest; depth++) {
    const graph = foldedGraph(files, depth);
    for (const node of graph.keys()) if (node.endsWith('/')) folders.add(node);
    for (const cycle of cycles(graph)) {
      console.error(`folder cycle (depth ${depth}): ${cycle.join(' > ')}`);
      failed = true;
    }
  }
  if (failed) process.exit(1);
  console.log(
    `no import cycle (${Object.keys(files).length} files, ${folders.size} folders, ${deepest} levels)`,
  );
}

void main();
