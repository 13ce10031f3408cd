import { describe, expectTypeOf, it } from 'vitest';
import type {
  AgentReportableStatus,
  LogLevel,
  LogStream,
  ProcessLogPayload,
  ProcessStatusPayload,
  ReadyPayload,
} from '../../../src/domain/agentProtocol';

/**
 * The agent protocol's types are derived from the schemas the server validates with: these
 * checks (made by the compiler) pin what an agent written from the types must send.
 */
describe('agent protocol types', () => {
  it('a ready names what the agent still runs and still reports, both required', () => {
    expectTypeOf<ReadyPayload>().toEqualTypeOf<{
      runningProcessId: string | null;
      reportingProcessIds: string[];
      version?: string;
      platform?: string;
    }>();
  });

  it('a status is one of the reportable statuses, a log line one of three streams with an optional level and fields', () => {
    expectTypeOf<ProcessStatusPayload['status']>().toEqualTypeOf<AgentReportableStatus>();
    expectTypeOf<AgentReportableStatus>().toEqualTypeOf<1 | 2 | 3 | 4>();
    expectTypeOf<LogStream>().toEqualTypeOf<'stdout' | 'stderr' | 'agent'>();
    expectTypeOf<ProcessLogPayload['lines'][number]>().toEqualTypeOf<{
      seq: number;
      at: string;
      stream: LogStream;
      text: string;
      level?: LogLevel;
      fields?: Record<string, string>;
    }>();
    expectTypeOf<LogLevel>().toEqualTypeOf<'Trace' | 'Info' | 'Warn' | 'Error' | 'Fatal'>();
  });
});
