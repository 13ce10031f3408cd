// Where a server's CPU went, from a V8 CPU profile (`BENCH_PROF=<folder>` writes the server's):
// self and total time by function, the longest runs of the event loop without a pause, and the
// garbage collector's pauses. Seconds from the profile's start narrow it to a window (the load,
// not the start-up).
// Usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [fromSeconds] [toSeconds]
import { readFileSync } from 'node:fs';

const [file, fromArg = '0', toArg = 'Infinity'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [fromSeconds] [toSeconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);

const label = ({ callFrame: f }) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist-server|server)\//, '$1/')}:${f.lineNumber + 1}`;
const from = profile.startTime + Number(fromArg) * 1e6;
const to = profile.startTime + Number(toArg) * 1e6;

const self = new Map();
const total = new Map();
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
/** Runs of samples without an idle one: the loop never waited for I/O meanwhile. */
const runs = [];
const pauses = [];
let run = null;
let pause = null;
let busy = 0;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  time += profile.timeDeltas[i];
  if (time < from || time > to) continue;
  const us = profile.timeDeltas[i + 1] ?? 0;
  const node = nodes.get(profile.samples[i]);
  const name = node.callFrame.functionName;
  if (name === '(garbage collector)') (pause ??= { at: time, us: 0 }).us += us;
  else if (pause) {
    pauses.push(pause);
    pause = null;
  }
  if (name === '(idle)') {
    if (run) runs.push(run);
    run = null;
    continue;
  }
  busy += us;
  add(self, label(node), us);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parents.get(id)) {
    const key = label(nodes.get(id));
    if (seen.has(key)) continue;
    seen.add(key);
    add(total, key, us);
  }
  run ??= { at: time, end: time, self: new Map() };
  run.end = time + us;
  add(run.self, label(node), us);
}
if (run) runs.push(run);
if (pause) pauses.push(pause);

const ms = (us) => (us / 1000).toFixed(1).padStart(9);
const share = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
const at = (t) => `+${((t - profile.startTime) / 1e6).toFixed(2)} s`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);

console.log(`busy ${ms(busy).trim()} ms`);
console.log('\nself time');
for (const [key, us] of top(self, 30)) console.log(ms(us), share(us), key);
console.log('\ntotal time (with callees)');
for (const [key, us] of top(total, 40)) console.log(ms(us), share(us), key);
console.log('\nlongest runs without an idle sample');
for (const r of runs.sort((a, b) => b.end - b.at - (a.end - a.at)).slice(0, 15)) {
  const parts = top(r.self, 5).map(([key, us]) => `${key} ${(us / 1000).toFixed(0)}`);
  console.log(`${ms(r.end - r.at)} ms at ${at(r.at)}: ${parts.join(' | ')}`);
}
const gcTotal = pauses.reduce((sum, p) => sum + p.us, 0);
console.log(`\ngarbage collector: ${pauses.length} pauses, ${ms(gcTotal).trim()} ms; the longest:`);
for (const p of pauses.sort((a, b) => b.us - a.us).slice(0, 10)) console.log(`${ms(p.us)} ms at ${at(p.at)}`);
