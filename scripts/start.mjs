// `npm start`: builds what changed since the last build (the web app into dist/, the server into
// dist-server/; see scripts/lib/build.mjs), then runs the compiled server in this very process.
// package.json runs it as `MALLOC_MMAP_THRESHOLD_=1048576 exec node --max-semi-space-size=64
// ${DATABASE_URL:+--max-semi-space-size=192 --heap-growing-percent=200}
// --concurrent-marking-max-worker-num=1 scripts/start.mjs`:
// - exec: npm starts scripts through `sh -c`, and a shell would not pass on the SIGTERM npm
//   forwards to it (the server would outlive npm); with exec the shell becomes this process, so
//   SIGTERM and Ctrl-C reach the server, and npm exits when the server has stopped.
// - MALLOC_MMAP_THRESHOLD_ (glibc; ignored elsewhere): blocks of 1 MB or more are mapped and
//   given back to the system when freed. Without it, glibc raises that threshold after the first
//   large free and keeps later large blocks (a 16 MB scrypt buffer per password hash, on each
//   libuv thread that ran one) for the life of the process: 30 to 60 MB of idle memory.
// - --max-semi-space-size (MB): room for V8's young objects, which grows only under load. A busy
//   node makes many short-lived objects per message, and each socket keeps a few until its next
//   one, about a second later at robot load. 64 MB suits the embedded database's single node.
//   A node on PostgreSQL (DATABASE_URL: the configuration for fleets and several nodes) gets
//   192 MB, so that young collections come more than a second apart and those objects die
//   young: with 10,000 agents, 0.4 MB/s reach the old generation instead of 8 MB/s at 64 MB,
//   and full collections, which hold up every message, become rare.
// - --heap-growing-percent=200 (on PostgreSQL): the next full collection comes when the old
//   generation is three times what the last one kept, not V8's guess (as low as 1.25 times
//   under that load).
// - --concurrent-marking-max-worker-num=1: one background thread marks the heap during a full
//   collection. V8 would use every thread of Node's pool (four); on a machine of a few cores
//   that the server, its database and its sockets keep busy, they took the cores from the event
//   loop and PostgreSQL for a quarter of a second, and every message waited.
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
