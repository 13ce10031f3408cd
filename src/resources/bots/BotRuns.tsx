import { Typography } from '@mui/material';
import { ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { processes } from '../../domain/declarations';
import { processesResource } from '../processes';
import { ProcessTable } from '../processes/ProcessList';
import { SchemaPagination, SchemaResourceContext } from '../schema';

/**
 * A bot's runs, newest first: the process list filtered by botId (the runs the actor may see),
 * with Current Status's columns and row actions.
 */
export const BotRuns = () => {
  const translate = useTranslate();
  const bot = useRecordContext();
  if (!bot) return null;
  return (
    <SchemaResourceContext.Provider value={processesResource}>
      <ReferenceManyField
        reference={processes.name}
        target="botId"
        sort={processes.defaultSort}
        perPage={10}
        pagination={<SchemaPagination />}
        empty={<Typography color="text.secondary">{translate('resources.bots.noRun')}</Typography>}
      >
        <ProcessTable />
      </ReferenceManyField>
    </SchemaResourceContext.Provider>
  );
};
