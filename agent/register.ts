import { AGENT_VERSION } from './agent';
import type { Credentials } from './state';

interface RegisterAnswer {
  message?: string;
  payload?: { agentId: string; secret: string; companyId: string; deviceId: string; name: string };
}

/** Trades a registration token for the agent's own credentials (POST /api/agent/register). */
export async function register(serverUrl: string, token: string, deviceId: string, name: string): Promise<Credentials> {
  let response: Response;
  try {
    response = await fetch(`${serverUrl}/api/agent/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        registrationToken: token,
        deviceId,
        name: name.slice(0, 60),
        platform: `${process.platform}-${process.arch}`,
        version: AGENT_VERSION,
      }),
    });
  } catch (error) {
    throw new Error(`Cannot reach ${serverUrl}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as RegisterAnswer;
  if (!response.ok || !body.payload) throw new Error(`Registration refused: ${body.message ?? response.statusText}`);
  return { serverUrl, ...body.payload };
}
