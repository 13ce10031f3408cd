import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 1000 });
await session.post('Profiler.start');
afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(`/tmp/prof/p-${process.pid}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
});
