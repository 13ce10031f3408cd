import path from 'node:path';
import { Agent } from './agent';
import { parseOptions, USAGE, UsageError } from './cli';
import { register } from './register';
import { deviceIdOf, openStateDir, readCredentials, saveCredentials, type Credentials } from './state';
import { RUN_WORKFLOW_FLAG, WARM_UP_FLAG } from './workflow/messages';
import { dropWorkflowSpare, keepWorkflowSpare } from './workflow/parent';

/** `npm run agent -- …`: registers once, then connects and runs bots until stopped. */
async function main(): Promise<void> {
  const options = await parseOptions(process.argv.slice(2));
  await openStateDir(options.stateDir);
  let credentials = await readCredentials(options.stateDir);
  if (!credentials) {
    if (!options.serverUrl || !options.registrationToken) {
      throw new UsageError(
        `No credentials in ${options.stateDir}: register with --registration <file> or --server <url> --token <rt_…>.`,
      );
    }
    const deviceId = await deviceIdOf(options.stateDir, options.name);
    credentials = await register(options.serverUrl, options.registrationToken, deviceId, options.name);
    await saveCredentials(options.stateDir, credentials);
    say(
      `Registered as ${credentials.name} (${credentials.deviceId}); credentials kept in ${path.join(options.stateDir, 'credentials.json')}`,
    );
  } else if (options.serverUrl && options.serverUrl !== credentials.serverUrl) {
    credentials = { ...credentials, serverUrl: options.serverUrl } satisfies Credentials;
    await saveCredentials(options.stateDir, credentials);
  }

  const agent = new Agent(credentials, options, {
    info: say,
    fatal(text) {
      process.stderr.write(`${text}\n`);
      void agent.stop('fatal').finally(() => {
        dropWorkflowSpare();
        process.exit(2);
      });
    },
  });
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(1);
    say(`${signal}: stopping`);
    void agent.stop(signal).finally(() => {
      dropWorkflowSpare();
      process.exit(0);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  await agent.start();
  // The next workflow run's process starts now (the runner warmed up), not when the run comes.
  keepWorkflowSpare();
}

function say(text: string): void {
  process.stdout.write(`[agent ${new Date().toISOString()}] ${text}\n`);
}

/**
 * The agent is one file: its workflow child is that same file run with a hidden sub-command, the
 * runner loaded only there.
 */
if (process.argv[2] === RUN_WORKFLOW_FLAG)
  void import('./workflow/child').then((m) => m.runWorkflowChild(process.argv.includes(WARM_UP_FLAG)));
else
  void main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      // --help (no message) is an answer: stdout, exit 0; a usage mistake goes to stderr.
      if (!error.message) {
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
      }
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(64);
    }
    process.stderr.write(`The agent could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
