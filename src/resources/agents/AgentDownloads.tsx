import { useState } from 'react';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { ActionButton, saveFile } from '../schema';
import { errorText } from '../schema/useServerError';
import { downloadInstaller, REFERENCE_AGENT_FILE, type InstallerKind } from './calls';

const SAVED_AS: Record<InstallerKind, string> = { agent: 'AgentSetup.msi', studio: 'StudioSetup.msi' };

/** The command that starts the reference agent with a registration file of the Registration Tokens tab. */
export const agentCommand = (file: string) => `node ${file} --registration registration-agent-….json`;

type Outcome = { kind: InstallerKind; fileName: string } | { kind: InstallerKind; error: string };

/**
 * Download agent and Download bot studio. A server without an agent installer serves the
 * reference agent as one runnable file: the panel then says how to start it. A server without
 * an installer answers 404 with a message, which the panel shows instead of saving an error
 * page as an installer.
 */
export const AgentDownloads = () => {
  const translate = useTranslate();
  const [busy, setBusy] = useState<InstallerKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const download = async (kind: InstallerKind) => {
    setBusy(kind);
    setOutcome(null);
    try {
      const { blob, fileName = SAVED_AS[kind] } = await downloadInstaller(kind);
      saveFile(blob, fileName);
      setOutcome({ kind, fileName });
    } catch (error) {
      setOutcome({ kind, error: translate(errorText(error), { _: errorText(error) }) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ActionButton
          label="resources.agents.download.agent"
          icon={<Download />}
          variant="outlined"
          onClick={() => void download('agent')}
          busy={busy === 'agent'}
        />
        <ActionButton
          label="resources.agents.download.studio"
          icon={<Download />}
          variant="outlined"
          onClick={() => void download('studio')}
          busy={busy === 'studio'}
        />
      </Box>
      {outcome && 'error' in outcome && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setOutcome(null)}>
          {outcome.error}
        </Alert>
      )}
      {outcome && 'fileName' in outcome && outcome.fileName === REFERENCE_AGENT_FILE && (
        <Alert severity="info" sx={{ mt: 1 }} onClose={() => setOutcome(null)}>
          <AlertTitle>{translate('resources.agents.download.runTitle')}</AlertTitle>
          <Typography variant="body2">{translate('resources.agents.download.runHint')}</Typography>
          <Box component="pre" sx={{ my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' }}>
            <code>{agentCommand(outcome.fileName)}</code>
          </Box>
        </Alert>
      )}
    </Box>
  );
};
