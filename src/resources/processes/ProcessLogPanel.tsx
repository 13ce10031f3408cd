import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LogLine } from './calls';
import { LogFields, fieldsText } from './LogFields';

/** Within this many pixels of the bottom, the panel counts as following the end. */
const NEAR_BOTTOM = 24;

const time = (at: string) => {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toISOString().slice(11, 23);
};

/** One line as the page shows it and the downloaded file holds it (a workflow line with its level and fields). */
export const lineText = (line: LogLine) =>
  `${line.at} [${line.stream}${line.level ? ` ${line.level}` : ''}] ${line.text}${fieldsText(line.fields)}`;

/** Each level's colour on the dark panel: Warn and above stand out, Trace recedes. */
const LEVEL_COLOURS: Record<string, string> = {
  Trace: 'grey.500',
  Info: 'info.light',
  Warn: 'warning.light',
  Error: 'error.light',
  Fatal: 'error.main',
};

/** A workflow line's level as a small label; a script's line has none. */
const LevelLabel = ({ level }: { level?: string | null }) => {
  const translate = useTranslate();
  if (!level) return null;
  const colour = LEVEL_COLOURS[level] ?? 'grey.300';
  return (
    <Box
      component="span"
      data-level={level}
      sx={{
        color: colour,
        border: 1,
        borderColor: colour,
        borderRadius: 0.5,
        px: 0.5,
        mr: 1,
        fontSize: 11,
        fontWeight: level === 'Trace' || level === 'Info' ? 400 : 700,
      }}
    >
      {translate(`resources.processes.log.levels.${level}`, { _: level })}
    </Box>
  );
};

const severe = (line: LogLine) =>
  line.level ? line.level === 'Warn' || line.level === 'Error' || line.level === 'Fatal' : line.stream === 'stderr';

/**
 * The log lines in a scrolling box that keeps to the newest line as lines arrive, until the
 * reader scrolls up; scrolling back to the bottom follows again.
 */
export const ProcessLogPanel = ({
  lines,
  loading,
  error,
  finished = false,
}: {
  lines: readonly LogLine[];
  loading: boolean;
  error?: string;
  /** The run has ended: no line will come, an empty log says so rather than "yet". */
  finished?: boolean;
}) => {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  useEffect(() => void (followingRef.current = following), [following]);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && followingRef.current) el.scrollTop = el.scrollHeight;
  }, [lines]);
  if (error) return <Alert severity="info">{translate(error, { _: error })}</Alert>;
  if (loading) return <CircularProgress size={24} aria-label={translate('resources.processes.log.loading')} />;
  if (lines.length === 0)
    return (
      <Typography color="text.secondary">
        {translate(finished ? 'resources.processes.log.emptyFinished' : 'resources.processes.log.empty')}
      </Typography>
    );
  return (
    <Box
      ref={box}
      role="log"
      aria-label={translate('resources.processes.log.title')}
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM);
      }}
      sx={{
        maxHeight: 480,
        overflow: 'auto',
        bgcolor: 'grey.900',
        color: 'grey.100',
        fontFamily: 'monospace',
        fontSize: 13,
        p: 1,
        borderRadius: 1,
      }}
    >
      {lines.map((line) => (
        <Box
          key={line.seq}
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            color: !severe(line) ? undefined : line.level === 'Warn' ? 'warning.light' : 'error.light',
          }}
        >
          <Box component="span" sx={{ color: 'grey.500', mr: 1 }}>
            {time(line.at)}
          </Box>
          <LevelLabel level={line.level} />
          {line.text}
          <LogFields fields={line.fields} />
        </Box>
      ))}
    </Box>
  );
};
