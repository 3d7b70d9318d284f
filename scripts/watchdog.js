// Runs a command and ends it (its whole process group) when it has printed nothing for
// QUIET minutes: how a hang is told from a slow machine. A test suite prints each test file
// as it finishes, and jest's own timeouts bound each test and hook; what stays silent for
// that long is stuck (a handle left open keeps jest from exiting, say), however fast or slow
// the machine. Usage: node scripts/watchdog.js QUIET_MINUTES command [args...]
'use strict';
const { spawn } = require('node:child_process');

const [minutes, command, ...args] = process.argv.slice(2);
const quietMs = Number(minutes) * 60_000;
if (!(quietMs > 0) || !command) {
  console.error('usage: node scripts/watchdog.js QUIET_MINUTES command [args...]');
  process.exit(2);
}

const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let lastOutput = Date.now();
const relay = (to) => (chunk) => {
  lastOutput = Date.now();
  to.write(chunk);
};
child.stdout.on('data', relay(process.stdout));
child.stderr.on('data', relay(process.stderr));
const end = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => end(signal));
const watch = setInterval(() => {
  if (Date.now() - lastOutput < quietMs) return;
  console.error(`watchdog: ${command} printed nothing for ${minutes} minutes: ended (a hang, or a handle left open)`);
  clearInterval(watch);
  end('SIGKILL');
}, 5_000);
child.on('exit', (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15));
});
