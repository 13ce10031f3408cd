import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderHost, type Host } from '../../../../agent/xaml/dotnet';
import { cs, memoryHost, thrown, vb } from '../helpers';

/**
 * System.Environment through the run's Host: the machine's and the account's names, the
 * variables of the agent's process, its current folder, and NewLine as .NET has it on Linux.
 */
function hostWith(env: Record<string, string>): Host {
  return { ...memoryHost(), environment: (name) => env[name] ?? null };
}

describe('Environment', () => {
  it('names the machine, the account and (joined to no domain) the machine as the domain', () => {
    const host = hostWith({});
    expect(vb('Environment.MachineName', {}, host)).toBe('agent-host');
    expect(vb('Environment.UserDomainName', {}, host)).toBe('agent-host');
    expect(vb('Environment.UserName', {}, host)).toBe('robot');
    expect(cs('Environment.UserDomainName + "\\\\" + Environment.UserName', {}, host)).toBe('agent-host\\robot');
  });

  it('reads the real machine through a folder host', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xaml-env-'));
    try {
      const host = folderHost(dir);
      expect(vb('Environment.MachineName', {}, host)).toBe(hostname());
      expect(vb('Environment.UserName', {}, host)).toBe(userInfo().username);
      expect(vb('Environment.CurrentDirectory', {}, host)).toBe(dir);
      expect(vb('Directory.GetCurrentDirectory()', {}, host)).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gets environment variables, Nothing for one that is not set', () => {
    const host = hostWith({ ORCHESTRATOR_URL: 'https://orch.local' });
    expect(vb('Environment.GetEnvironmentVariable("ORCHESTRATOR_URL")', {}, host)).toBe('https://orch.local');
    expect(vb('Environment.GetEnvironmentVariable("NOT_SET") Is Nothing', {}, host)).toBe(true);
    expect(cs('Environment.GetEnvironmentVariable("NOT_SET") ?? "none"', {}, host)).toBe('none');
    expect(thrown(() => vb('Environment.GetEnvironmentVariable(Nothing)', {}, host))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'variable')",
    );
  });

  it('has "\\n" as NewLine and the host\'s current folder', () => {
    expect(vb('Environment.NewLine')).toBe('\n');
    expect(cs('Environment.NewLine.Length')).toBe(1);
    expect(vb('Environment.CurrentDirectory')).toBe('/work');
    expect(thrown(() => vb('Environment.NoSuchThing'))).toBe(
      "MissingMemberException: Public member 'NoSuchThing' on type 'Environment' not found.",
    );
  });
});
