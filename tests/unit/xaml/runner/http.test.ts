// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowCanceled, WorkflowFailure } from '../../../../agent/xaml/runner';
import { runBody } from './helpers';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A workflow around one ui:HttpClient, its outputs written to Out arguments. */
const MEMBERS = `    <x:Property Name="out_Result" Type="OutArgument(x:String)" />
    <x:Property Name="out_Status" Type="OutArgument(x:Int32)" />
    <x:Property Name="out_Header" Type="OutArgument(x:String)" />`;

const request = (attrs: string, inner = '') => `
  <Sequence DisplayName="Call">
    <Sequence.Variables>
      <Variable x:TypeArguments="scg:Dictionary(x:String, x:String)" Name="headers" />
    </Sequence.Variables>
    <ui:HttpClient ClientCertificate="{x:Null}" ContinueOnError="{x:Null}" ResponseAttachment="{x:Null}" AuthenticationType="None" DisplayName="HTTP Request" EnableSSLVerification="True" ResponseHeaders="[headers]" Result="[out_Result]" StatusCode="[out_Status]" sap2010:WorkflowViewState.IdRef="HttpClient_1" ${attrs}>
      <ui:HttpClient.Attachments>
        <scg:Dictionary x:TypeArguments="x:String, InArgument(x:String)" />
      </ui:HttpClient.Attachments>
${inner}
    </ui:HttpClient>
    <Assign DisplayName="Assign">
      <Assign.To><OutArgument x:TypeArguments="x:String">[out_Header]</OutArgument></Assign.To>
      <Assign.Value><InArgument x:TypeArguments="x:String">[If(headers.ContainsKey("x-trace"), headers("x-trace"), "none")]</InArgument></Assign.Value>
    </Assign>
  </Sequence>`;

describe('ui:HttpClient in a workflow', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  const open = new Set<ServerResponse>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/hang')) {
          open.add(res);
          return;
        }
        if (req.url?.startsWith('/missing')) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('not here');
          return;
        }
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Trace': 'abc' });
        res.end(JSON.stringify({ echo: body, method: req.method, url: req.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const res of open) res.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the method, body, headers and parameters Studio wrote, and binds Result, StatusCode, ResponseHeaders', async () => {
    const inner = `      <ui:HttpClient.Headers>
        <InArgument x:TypeArguments="x:String" x:Key="X-Api-Key">[&quot;k-&quot; + &quot;42&quot;]</InArgument>
      </ui:HttpClient.Headers>
      <ui:HttpClient.Parameters>
        <scg:Dictionary x:TypeArguments="x:String, InArgument(x:String)">
          <InArgument x:TypeArguments="x:String" x:Key="q">a b</InArgument>
        </scg:Dictionary>
      </ui:HttpClient.Parameters>`;
    const ran = await runBody(
      request(
        `AcceptFormat="JSON" Body="[&quot;{&quot;&quot;n&quot;&quot;: 1}&quot;]" BodyFormat="application/json" EndPoint="${base}/items" Method="POST" TimeoutMS="30000"`,
        inner,
      ),
      { members: MEMBERS },
    );
    const last = seen[seen.length - 1];
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/items?q=a+b');
    expect(last.body).toBe('{"n": 1}');
    expect(last.headers['x-api-key']).toBe('k-42');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers.accept).toBe('application/json');
    expect(ran.out).toEqual({
      out_Result: JSON.stringify({ echo: '{"n": 1}', method: 'POST', url: '/items?q=a+b' }),
      out_Status: '201',
      out_Header: 'abc',
    });
  });

  it('gives an error status as StatusCode, not as an exception', async () => {
    const ran = await runBody(request(`EndPoint="[&quot;${base}/missing&quot;]" Method="GET"`), { members: MEMBERS });
    expect(ran.out).toEqual({ out_Result: 'not here', out_Status: '404', out_Header: 'none' });
  });

  it('fails with HttpRequestException when nothing listens, which a TryCatch catches', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const body = `
  <TryCatch DisplayName="Try Catch">
    <TryCatch.Try>${request(`EndPoint="http://127.0.0.1:${port}/x" Method="GET"`)}</TryCatch.Try>
    <TryCatch.Catches>
      <Catch x:TypeArguments="s:Exception">
        <ActivityAction x:TypeArguments="s:Exception">
          <ActivityAction.Argument><DelegateInArgument x:TypeArguments="s:Exception" Name="e" /></ActivityAction.Argument>
          <WriteLine Text="[e.GetType().Name + &quot;: &quot; + e.Message]" />
        </ActivityAction>
      </Catch>
    </TryCatch.Catches>
  </TryCatch>`;
    const direct = runBody(request(`EndPoint="http://127.0.0.1:${port}/x"`), { members: MEMBERS });
    await expect(direct).rejects.toThrow(WorkflowFailure);
    await expect(direct).rejects.toMatchObject({ exceptionType: 'HttpRequestException' });
    const ran = await runBody(body, { members: MEMBERS });
    expect(ran.lines).toEqual([`Info: HttpRequestException: Connection refused (127.0.0.1:${port})`]);
  });

  it('refuses a Method outside the enum when the workflow loads', async () => {
    await expect(runBody(request(`EndPoint="${base}/items" Method="FETCH"`), { members: MEMBERS })).rejects.toThrow(
      "'FETCH' is not a valid Method",
    );
  });

  it('ends the run as canceled when the signal aborts during a request', async () => {
    const controller = new AbortController();
    const before = seen.length;
    const run = runBody(request(`EndPoint="${base}/hang" TimeoutMS="60000"`), {
      members: MEMBERS,
      signal: controller.signal,
    });
    const deadline = Date.now() + 5000;
    while (seen.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(seen.length).toBe(before + 1);
    controller.abort();
    await expect(run).rejects.toThrow(WorkflowCanceled);
  });
});
