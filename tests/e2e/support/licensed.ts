import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { letters, peopleData, type Envelope } from './people';

/** Answers the payload of a 200 answer; anything else fails the test with the server's text. */
async function payloadOf<T>(answer: Promise<{ status(): number; text(): Promise<string> }>): Promise<T> {
  const response = await answer;
  const text = await response.text();
  if (response.status() !== 200) throw new Error(`${response.status()}: ${text}`);
  return (JSON.parse(text) as Envelope<T>).payload;
}

/**
 * A new company (named `<prefix> <letters> Works`) with a running licence for `maxBots` bots and
 * `maxAgents` agents, and an agent registration file for it saved in `dir`: what a test that runs
 * a bot on a real agent sets up through the API before it opens the browser.
 */
export async function licensedCompany(
  request: APIRequestContext,
  headers: Record<string, string>,
  { prefix, dir, maxBots = 1, maxAgents = 1 }: { prefix: string; dir: string; maxBots?: number; maxAgents?: number },
): Promise<{ companyId: string; name: string; registration: string }> {
  const name = `${prefix} ${letters(6)} Works`;
  const { id: companyId } = await payloadOf<{ id: string }>(
    request.post('/api/company/create', { headers, data: { ...peopleData().company, name } }),
  );
  const licence = { companyId, tenure: 'Monthly', currency: 'INR', amount: 500, maxBots, maxAgents };
  await payloadOf(
    request.post('/api/companyLicense/create', {
      headers,
      data: { ...licence, startDate: '2026-01-01', endDate: '2099-12-31' },
    }),
  );
  const token = await payloadOf<{ id: string }>(
    request.post('/api/registrationToken/generate', { headers, data: { type: 'agent', companyId } }),
  );
  const file = await request.get(`/api/registrationToken/download/${token.id}`, { headers });
  if (file.status() !== 200) throw new Error(`registration file: ${file.status()} ${await file.text()}`);
  const registration = join(dir, 'registration.json');
  writeFileSync(registration, await file.body());
  return { companyId, name, registration };
}
