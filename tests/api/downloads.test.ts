import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers';
import { agentBundleAt } from './programs';

describe('downloads: the agent and the studio', () => {
  let dir: string;
  let bundle: string;
  let plain: TestServer;
  let configured: TestServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rpa-downloads-'));
    bundle = path.join(dir, 'rpa-agent.mjs');
    // The same build `npm run build` makes, into a folder of the test's own.
    agentBundleAt(bundle);
    await writeFile(path.join(dir, 'agent.msi'), 'AGENT-MSI');
    await writeFile(path.join(dir, 'studio.msi'), 'STUDIO-MSI');
    plain = await startServer({ agentBundle: bundle });
    configured = await startServer({
      env: { AGENT_INSTALLER_PATH: path.join(dir, 'agent.msi'), STUDIO_INSTALLER_PATH: path.join(dir, 'studio.msi') },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the reference agent as one runnable file when no installer is configured', async () => {
    const res = await fetch(`${plain.baseUrl}/api/agent/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rpa-agent.mjs"');
    const copy = path.join(dir, 'downloaded-agent.mjs');
    await writeFile(copy, Buffer.from(await res.arrayBuffer()));
    // Outside the repository, with nothing installed next to it.
    const { stdout } = await promisify(execFile)(process.execPath, [copy, '--help'], { cwd: tmpdir() });
    expect(stdout).toContain('Usage: node rpa-agent.mjs');
  });

  it('serves the configured installers as AgentSetup.msi and StudioSetup.msi', async () => {
    for (const [url, name, body] of [
      ['/api/agent/download', 'AgentSetup.msi', 'AGENT-MSI'],
      ['/api/studio/download', 'StudioSetup.msi', 'STUDIO-MSI'],
    ]) {
      const res = await fetch(`${configured.baseUrl}${url}`);
      expect([res.status, res.headers.get('content-disposition'), await res.text()]).toEqual([
        200,
        `attachment; filename="${name}"`,
        body,
      ]);
    }
  });

  it('answers 404 with a clear message when there is nothing to download', async () => {
    const studio = await call(plain, 'GET', '/api/studio/download');
    expect([studio.status, studio.body.message]).toEqual([
      404,
      'The bot studio installer is not available on this server.',
    ]);
    const unbuilt = await startServer();
    try {
      const agent = await call(unbuilt, 'GET', '/api/agent/download');
      expect([agent.status, agent.body.message]).toEqual([404, 'The reference agent is not built: run npm run build.']);
    } finally {
      await unbuilt.close();
    }
  });
});
