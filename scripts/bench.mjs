// `npm run bench`: builds what changed, measures, and rewrites docs/BENCHMARKS.md.
// Each section measures one area and returns its markdown; later issues add sections to
// SECTIONS without touching the others. `npm run bench -- memory start` runs only the named
// sections and replaces only theirs in docs/BENCHMARKS.md (the whole run takes about ten minutes).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { dashboardSection } from './bench/dashboard.mjs';
import { fleetSection } from './bench/fleet.mjs';
import { listSection } from './bench/list.mjs';
import { mailSection } from './bench/mail.mjs';
import { memorySection } from './bench/memory.mjs';
import { processListSection } from './bench/process-list.mjs';
import { runtimeSection } from './bench/runtime.mjs';
import { schedulesSection } from './bench/schedules.mjs';
import { startSection } from './bench/start.mjs';
import { webSection } from './bench/web.mjs';
import { xamlSection } from './bench/xaml.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { startServer } from './lib/server.mjs';

const root = resolve(import.meta.dirname, '..');
const DOC = resolve(root, 'docs/BENCHMARKS.md');
const COMMAND = 'npm run bench';

/** `server`: the section measures the shared server of this run (scripts/lib/server.mjs). */
const SECTIONS = [
  { id: 'web', section: webSection, server: true },
  { id: 'list', section: listSection },
  { id: 'memory', section: memorySection },
  { id: 'start', section: startSection },
  { id: 'runtime', section: runtimeSection },
  { id: 'process-list', section: processListSection },
  { id: 'fleet', section: fleetSection },
  { id: 'schedules', section: schedulesSection },
  { id: 'mail', section: mailSection },
  { id: 'dashboard', section: dashboardSection },
  { id: 'xaml', section: xamlSection },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((id) => !SECTIONS.some((s) => s.id === id));
if (unknown.length > 0) {
  console.error(`Unknown section: ${unknown.join(', ')}. Sections: ${SECTIONS.map((s) => s.id).join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length > 0 ? SECTIONS.filter((s) => asked.includes(s.id)) : SECTIONS;

function machine() {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
}

/** The sections of an existing docs/BENCHMARKS.md, by title, each with its heading. */
function existingSections() {
  if (!existsSync(DOC)) return new Map();
  const parts = readFileSync(DOC, 'utf8')
    .split(/^(?=## )/m)
    .slice(1);
  return new Map(parts.map((part) => [part.slice(3, part.indexOf('\n')).trim(), part.trimEnd()]));
}

const today = new Date().toISOString().slice(0, 10);
const machineLine = machine();
await ensureBuilt();
const server = chosen.some((s) => s.server) ? await startServer() : null;
const measured = new Map();
let missed = 0;
try {
  for (const { id, section } of chosen) {
    console.log(`\n== ${section.title}`);
    // The load average tells whether other work shared the cores while timing.
    const load = loadavg()[0].toFixed(2);
    const out = await section.run({ root, dist: resolve(root, 'dist'), server });
    missed += out.missed;
    const how = asked.length > 0 ? `\`${COMMAND} -- ${id}\`` : `\`${COMMAND}\``;
    measured.set(
      section.title,
      `## ${section.title}\n\nMeasured on ${today} by ${how}; 1-min load average ${load} when it started.\n\n${out.markdown}`,
    );
  }
} finally {
  await server?.stop();
}

// Sections not run this time keep their figures; those run replace theirs.
const previous = existingSections();
const body = SECTIONS.map(({ section }) => measured.get(section.title) ?? previous.get(section.title)).filter(Boolean);

const doc = `# Benchmarks

Produced by \`${COMMAND}\` (which runs \`node scripts/bench.mjs\`; \`${COMMAND} -- memory start\` runs
only the named sections: ${SECTIONS.map((s) => s.id).join(', ')}). Each section says when it was measured.

Machine: ${machineLine}.

The figures depend on the machine and on what else runs on it; compare runs made on the same one.
Re-run \`${COMMAND}\` after a change that touches the bundle or the server and commit the updated file.

${body.join('\n\n')}
`;
writeFileSync(DOC, doc);
console.log(`\nwrote docs/BENCHMARKS.md (${missed ? `${missed} target(s) missed` : 'all targets met'})`);
