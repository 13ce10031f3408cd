// `npm run bench`: builds the app, measures, and rewrites docs/BENCHMARKS.md.
// Each section measures one area and returns its markdown; later issues add API sections to
// SECTIONS (e.g. autocannon against the same server) without touching the others.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { listSection } from './bench/list.mjs';
import { webSection } from './bench/web.mjs';
import { startServer } from './lib/server.mjs';

const root = resolve(import.meta.dirname, '..');
const COMMAND = 'npm run bench';

const SECTIONS = [webSection, listSection];

function build() {
  console.log('$ npx vite build');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

function machine() {
  const cpu = cpus();
  // The load average tells whether other work shared the cores while timing (LCP is sensitive).
  const load = loadavg()[0].toFixed(2);
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}; 1-min load average ${load} when the run started`;
}

const machineLine = machine();
build();
const server = await startServer();
const parts = [];
let missed = 0;
try {
  for (const section of SECTIONS) {
    console.log(`\n== ${section.title}`);
    const out = await section.run({ root, dist: resolve(root, 'dist'), server });
    missed += out.missed;
    parts.push(`## ${section.title}\n\n${out.markdown}`);
  }
} finally {
  await server.stop();
}

const doc = `# Benchmarks

Produced by \`${COMMAND}\` (which runs \`node scripts/bench.mjs\`) on ${new Date().toISOString().slice(0, 10)}.

Machine: ${machineLine}.

The figures depend on the machine; compare runs made on the same one. Re-run \`${COMMAND}\` after
a change that touches the bundle or the server and commit the updated file.

${parts.join('\n\n')}
`;
writeFileSync(resolve(root, 'docs/BENCHMARKS.md'), doc);
console.log(`\nwrote docs/BENCHMARKS.md (${missed ? `${missed} target(s) missed` : 'all targets met'})`);
