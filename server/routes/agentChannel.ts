import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound } from '../http/errors';
import { errorResponses, IdParams } from '../http/schemas';
import { agentCredentialsOf, checkAgent } from '../runtime/agentAuth';
import { AGENT_REFUSALS } from '../runtime/gateway';
import { BotFiles, localRunFile } from '../runtime/runFiles';

const File = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/**
 * Routes an agent calls with its own credentials (`Authorization: Agent <id>:<secret>`), and the
 * installer downloads. Public scope: no user token opens them, and agent credentials open
 * nothing else.
 */
export const agentChannelRoutes: FastifyPluginAsyncTypebox<{ agentBundle: string }> = async (app, { agentBundle }) => {
  const files = new BotFiles();
  app.get(
    '/agent/process/:id/file',
    {
      schema: {
        tags: ['agents'],
        summary: 'The file of a process this agent runs (agent credentials)',
        params: IdParams,
        response: { 200: File, ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      const { agentId, secret } = agentCredentialsOf(request.headers.authorization);
      let row = await localRunFile(app, files, agentId, secret, request.params.id);
      if (!row) {
        const check = await checkAgent(app, agentId, secret, request.params.id);
        if (!check.ok) throw new HttpError(401, check.code, AGENT_REFUSALS[check.code]);
        if (!check.file) throw notFound();
        row = check.file;
      }
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${path.basename(row.fileName).replace(/"/g, '')}"`)
        .send(row.fileContent);
    },
  );

  app.get(
    '/agent/download',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent installer (AGENT_INSTALLER_PATH), or the reference agent as one runnable file',
        response: { 200: File, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      const installer = app.appConfig.agentInstallerPath;
      if (installer) return sendFile(reply, installer, 'AgentSetup.msi');
      return sendFile(reply, agentBundle, 'rpa-agent.mjs', 'The reference agent is not built: run npm run build.');
    },
  );

  app.get(
    '/studio/download',
    {
      schema: {
        tags: ['agents'],
        summary: 'The bot studio installer (STUDIO_INSTALLER_PATH)',
        response: { 200: File, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      const installer = app.appConfig.studioInstallerPath;
      if (!installer)
        throw new HttpError(404, 'STUDIO_NOT_AVAILABLE', 'The bot studio installer is not available on this server.');
      return sendFile(reply, installer, 'StudioSetup.msi');
    },
  );
};

async function sendFile(
  reply: FastifyReply,
  file: string,
  name: string,
  missing = 'The installer is not available on this server.',
) {
  try {
    await access(file);
  } catch {
    throw new HttpError(404, 'INSTALLER_NOT_AVAILABLE', missing);
  }
  return reply
    .type('application/octet-stream')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(createReadStream(file));
}
