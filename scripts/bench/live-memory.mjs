// A server's live memory, read through the V8 inspector of a server started with
// `--inspect=127.0.0.1:0`: a full garbage collection first, then the JS heap in use plus the
// memory V8 holds outside it (buffers, sockets' ArrayBuffers). RSS alone also counts what the
// collector has not yet returned and the young generation's reserved pages, which move by tens
// of MiB on their own between two readings.
import WebSocket from 'ws';

/** The inspector's address printed by the server (`Debugger listening on ws://…`), or null. */
export const inspectorUrl = (output) => output.match(/Debugger listening on (ws:\/\/\S+)/)?.[1] ?? null;

/** MiB of live memory (heapUsed + external) after two full collections. */
export async function liveMemoryOf(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const mine = (id += 1);
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== mine) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const usage = JSON.parse(result.value);
    return (usage.heapUsed + usage.external) / 1024 / 1024;
  } finally {
    socket.close();
  }
}
