// `npm start`: builds what changed since the last build (the web app into dist/, the server into
// dist-server/; see scripts/lib/build.mjs), then runs the compiled server in this very process.
// package.json runs it as `MALLOC_MMAP_THRESHOLD_=1048576 exec node --max-semi-space-size=128
// --heap-growing-percent=200 scripts/start.mjs`:
// - exec: npm starts scripts through `sh -c`, and a shell would not pass on the SIGTERM npm
//   forwards to it (the server would outlive npm); with exec the shell becomes this process, so
//   SIGTERM and Ctrl-C reach the server, and npm exits when the server has stopped.
// - MALLOC_MMAP_THRESHOLD_ (glibc; ignored elsewhere): blocks of 1 MB or more are mapped and
//   given back to the system when freed. Without it, glibc raises that threshold after the first
//   large free and keeps later large blocks (a 16 MB scrypt buffer per password hash, on each
//   libuv thread that ran one) for the life of the process: 30 to 60 MB of idle memory.
// - --max-semi-space-size=128 (MB): room for V8's young objects. A busy node makes many
//   short-lived objects per message (thousands of agents' reports a second), and each socket
//   keeps a few until its next message, about a second later. Collected less often, most of
//   those die young instead of being promoted to the old generation, where they pile up until
//   a full collection. The space grows only under such load.
// - --heap-growing-percent=200: the next full collection comes when the old generation is three
//   times what the last one kept, not V8's guess (as low as 1.25 times under this load). A full
//   collection of a node holding thousands of sockets stalls every message for a few hundred
//   milliseconds; fewer of them cost memory that stays well within the node's budget.
// Arguments pass through: `npm start -- --demo` runs `node scripts/start.mjs --demo`, and the
// server reads `--demo` from process.argv.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_ENTRY } from './lib/build.mjs';

try {
  await ensureBuilt();
} catch (error) {
  process.stderr.write(`The build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
