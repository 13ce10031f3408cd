// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetDictionary, NetError, toStr } from '../../../../agent/xaml/dotnet';
import { dictionarySet } from '../../../../agent/xaml/dotnet/collections';
import { httpRequest } from '../../../../agent/xaml/library';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('HttpClient', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/slow')) {
          setTimeout(() => res.end('late'), 2000);
          return;
        }
        if (req.url?.startsWith('/missing')) {
          res.writeHead(404, { 'Content-Type': 'text/plain', 'X-Reason': 'gone' });
          res.end('not here');
          return;
        }
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Trace': 'abc' });
        res.end(JSON.stringify({ echo: body, method: req.method }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends method, body, content type, headers and query parameters; returns body, status and headers', async () => {
    const headers = new NetDictionary('String', 'String');
    dictionarySet(headers, 'Authorization', 'Bearer t0k');
    const parameters = new NetDictionary('String', 'String');
    dictionarySet(parameters, 'q', 'a b&c');
    dictionarySet(parameters, 'page', '2');
    const r = await httpRequest({
      endpoint: `${base}/orders?x=1`,
      method: 'POST',
      acceptFormat: 'JSON',
      body: '{"n":1}',
      bodyFormat: 'application/json',
      headers,
      parameters,
    });
    expect(r.statusCode).toBe(201);
    expect(r.result).toBe('{"echo":"{\\"n\\":1}","method":"POST"}');
    expect(toStr(r.responseHeaders.map.get('s:x-trace')?.value ?? null)).toBe('abc');
    const last = seen[seen.length - 1];
    expect(last.url).toBe('/orders?x=1&q=a+b%26c&page=2');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers.accept).toBe('application/json');
    expect(last.headers.authorization).toBe('Bearer t0k');
  });

  it('answers an error status with its body instead of failing, and sends no body with GET', async () => {
    const r = await httpRequest({ endpoint: `${base}/missing`, body: 'ignored', headers: { 'X-A': '1' } });
    expect(r.statusCode).toBe(404);
    expect(r.result).toBe('not here');
    const last = seen[seen.length - 1];
    expect(last.method).toBe('GET');
    expect(last.body).toBe('');
    expect(last.headers.accept).toBe('*/*');
    expect(last.headers['x-a']).toBe('1');
  });

  it('fails with HttpRequestException when nothing listens, TimeoutException past TimeoutMS', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await httpRequest({ endpoint: `http://127.0.0.1:${port}/` }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NetError);
    expect((refused as NetError).exception.type).toBe('HttpRequestException');
    expect((refused as NetError).exception.message).toBe(`Connection refused (127.0.0.1:${port})`);
    const slow = await httpRequest({ endpoint: `${base}/slow`, timeoutMs: 200 }).catch((e: unknown) => e);
    expect((slow as NetError).exception.type).toBe('TimeoutException');
    const bad = await httpRequest({ endpoint: 'not a url' }).catch((e: unknown) => e);
    expect((bad as NetError).exception.message).toBe('Invalid URI: The format of the URI could not be determined.');
  });

  it('stops when the run is canceled, with the signal’s reason', async () => {
    const controller = new AbortController();
    const pending = httpRequest({ endpoint: `${base}/slow`, signal: controller.signal }).catch((e: unknown) => e);
    const reason = new Error('run canceled');
    setTimeout(() => controller.abort(reason), 50);
    expect(await pending).toBe(reason);
  });
});
