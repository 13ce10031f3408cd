import { useCallback, useEffect, useRef, useState } from 'react';
import { PROCESS_STATUS, type LiveNotification } from '../../domain';
import { useSessionToken, useSessionUser } from '../../custom/session/useSession';
import { errorText } from '../schema';
import { LOG_PAGE, fetchLogPage, type LogLine } from './calls';
import { followProcess } from './followProcess';

/** Lines kept on the page at most: a longer log is read whole in the downloaded file. */
const MAX_PAGES = 50;

const isLine = (v: unknown): v is LogLine =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LogLine).seq === 'number' &&
  typeof (v as LogLine).text === 'string';

/** Lines by sequence number: a line seen twice (read and pushed) is kept once, in order. */
function merge(known: readonly LogLine[], more: readonly LogLine[]): LogLine[] {
  if (more.length === 0) return known as LogLine[];
  const bySeq = new Map(known.map((line) => [line.seq, line]));
  for (const line of more) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export interface ProcessLog {
  lines: LogLine[];
  loading: boolean;
  /** The server's refusal (e.g. a pending process has no logs). */
  error?: string;
  /** Reads every page again: the whole log, e.g. for the download. */
  readAll: () => Promise<LogLine[]>;
}

async function readPages(processId: string): Promise<LogLine[]> {
  let lines: LogLine[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { rows } = await fetchLogPage(processId, page);
    lines = merge(lines, rows);
    if (rows.length < LOG_PAGE) break;
  }
  return lines;
}

/**
 * A process's log lines: read when the page opens and once more when the process ends (its
 * last lines), and, while it runs, pushed by the server to this page's socket as they are written.
 */
export function useProcessLog(processId: string, status: number | undefined): ProcessLog {
  const token = useSessionToken();
  const userId = useSessionUser()?.id;
  const [lines, setLines] = useState<LogLine[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  // Every page, merged with what is known (lines pushed meanwhile stay); a refusal is said instead.
  const read = useCallback(() => {
    readPages(processId).then(
      (all) => {
        if (!alive.current) return;
        setLines((known) => merge(known, all));
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (!alive.current) return;
        setError(errorText(e));
        setLoading(false);
      },
    );
  }, [processId]);

  // Read on opening and again on each change of status (running → its first lines, ended → its last).
  useEffect(() => {
    if (status !== undefined) read();
  }, [read, status]);

  const running = status === PROCESS_STATUS.running;
  useEffect(() => {
    if (!running || !token || !userId) return;
    const onMessage = (n: LiveNotification) => {
      if (n.type !== 'processExecutionLog' || n.data.id !== processId) return;
      const pushed = Array.isArray(n.data.lines) ? n.data.lines.filter(isLine) : [];
      setLines((known) => merge(known, pushed));
    };
    // Lines written before the room was joined are read once it is.
    return followProcess(processId, { token, userId }, { onMessage, onFollowing: read });
  }, [running, token, userId, processId, read]);

  const readAll = useCallback(() => readPages(processId), [processId]);
  return { lines, loading, error, readAll };
}
