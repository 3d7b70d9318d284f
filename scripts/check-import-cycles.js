#!/usr/bin/env node
// No import cycle between files nor between the module folders of src/ (ARCHITECTURE.md:
// one owner per table, dependencies one way). madge reads the imports; this only folds its
// graph onto folders (src/<folder>/...) and looks for cycles there.
const madge = require('madge');

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

async function main() {
  const result = await madge('src', {
    fileExtensions: ['ts'],
    tsConfig: 'tsconfig.json',
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  const files = result.obj();
  const folderOf = (file) => (file.includes('/') ? file.split('/')[0] : '(root)');
  const folders = new Map();
  for (const [file, imports] of Object.entries(files)) {
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of imports) if (folderOf(target) !== from) folders.get(from).add(folderOf(target));
  }
  const fileCycles = result.circular();
  const folderCycles = cycles(folders);
  for (const cycle of fileCycles) console.error(`file cycle: ${cycle.join(' > ')}`);
  for (const cycle of folderCycles) console.error(`folder cycle: ${cycle.join(' > ')}`);
  if (fileCycles.length || folderCycles.length) process.exit(1);
  console.log(`no import cycle (${Object.keys(files).length} files, ${folders.size} folders)`);
}

void main();
