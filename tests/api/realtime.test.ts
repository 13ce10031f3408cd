import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { randomBytes } from 'node:crypto';
import { CONTROLROOM_ROOM, ROLE, type LiveNotification } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestDatabase,
  login,
  startServer,
  type TestDatabase,
  type TestServer,
} from './helpers';

interface Ack {
  ok: boolean;
  message?: string;
  rooms?: string[];
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

function open(server: TestServer, transport: 'polling' | 'websocket' = 'polling'): Socket {
  const socket = connect(server.baseUrl, {
    path: '/socket.io',
    transports: [transport],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

/** The browser protocol: authentication, then join-room 'controlroom'. */
async function join(socket: Socket, token: string, userId: string): Promise<Ack> {
  const auth = (await socket.emitWithAck('authentication', { token, roomId: CONTROLROOM_ROOM, userId })) as Ack;
  if (!auth.ok) return auth;
  return (await socket.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM, userId })) as Ack;
}

/** Collects `message` events; `until` resolves with everything received up to the one with that id. */
function inbox(socket: Socket) {
  const seen: LiveNotification[] = [];
  const waiters: { id: string; resolve: (all: LiveNotification[]) => void }[] = [];
  socket.on('message', (n: LiveNotification) => {
    seen.push(n);
    for (const w of waiters.filter((x) => x.id === n.data.id)) w.resolve([...seen]);
  });
  return {
    until: (id: string) =>
      new Promise<LiveNotification[]>((resolve) => {
        if (seen.some((n) => n.data.id === id)) resolve([...seen]);
        else waiters.push({ id, resolve });
      }),
  };
}

const note = (id: string): LiveNotification => ({ type: 'process', operation: 'update', data: { id, status: 1 } });

describe('realtime notifications on one node', () => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  let alice: { token: string; id: string };
  let admin: { token: string; id: string };

  beforeAll(async () => {
    server = await startServer();
    acme = await createCompany(server, 'Acme');
    globex = await createCompany(server, 'Globex');
    await createUser(server, { email: 'alice@acme.test', password: 'Pass@1234', role: ROLE.user, companyId: acme });
    const a = await login(server, 'alice@acme.test', 'Pass@1234');
    alice = { token: a.token, id: a.user.id };
    const s = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    admin = { token: s.token, id: s.user.id };
  });
  afterAll(() => server?.close());

  it('delivers a company notification to its users and not another company’s', async () => {
    const socket = open(server);
    const messages = inbox(socket);
    expect(await join(socket, alice.token, alice.id)).toEqual({
      ok: true,
      rooms: [`company:${acme}`, `user:${alice.id}`],
    });
    server.app.realtime.publish(globex, note('for-globex'));
    server.app.realtime.publish(acme, note('for-acme'));
    // Messages to one socket arrive in order: had the Globex one been sent, it would be first.
    const received = await messages.until('for-acme');
    expect(received.map((n) => n.data.id)).toEqual(['for-acme']);
    expect(received[0]).toEqual(note('for-acme'));
  });

  it('delivers every company’s notifications to a Super Admin, over websocket too', async () => {
    const socket = open(server, 'websocket');
    const messages = inbox(socket);
    expect(await join(socket, admin.token, admin.id)).toEqual({ ok: true, rooms: ['platform', `user:${admin.id}`] });
    server.app.realtime.publish(globex, note('g'));
    server.app.realtime.publish(acme, note('a'));
    server.app.realtime.publish(null, note('platform-only'));
    expect((await messages.until('platform-only')).map((n) => n.data.id)).toEqual(['g', 'a', 'platform-only']);
  });

  it('joins no room for a bad token or a user id that is not the token’s', async () => {
    const socket = open(server);
    const messages = inbox(socket);
    const unauthorized = new Promise<unknown>((resolve) => socket.once('unauthorized', resolve));
    expect(await join(socket, 'not-a-token', alice.id)).toMatchObject({ ok: false });
    expect(await unauthorized).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await join(socket, alice.token, admin.id)).toMatchObject({ ok: false });
    // join-room alone, without authentication, with a bad token is refused too.
    expect(
      await socket.emitWithAck('join-room', { token: 'x', roomId: CONTROLROOM_ROOM, userId: alice.id }),
    ).toMatchObject({ ok: false });
    server.app.realtime.publish(acme, note('secret'));
    server.app.realtime.publish(null, note('secret-platform'));
    // A later reply on the same socket proves nothing was queued before it.
    expect(await socket.emitWithAck('authentication', { token: 'x' })).toMatchObject({ ok: false });
    const late = await join(socket, alice.token, alice.id);
    expect(late.ok).toBe(true);
    server.app.realtime.publish(acme, note('after-join'));
    expect((await messages.until('after-join')).map((n) => n.data.id)).toEqual(['after-join']);
  });

  it('answers authenticated and room-joined events for clients that do not use acks', async () => {
    const socket = open(server);
    const authenticated = new Promise<unknown>((resolve) => socket.once('authenticated', resolve));
    const joined = new Promise<unknown>((resolve) => socket.once('room-joined', resolve));
    socket.emit('authentication', { token: alice.token, roomId: CONTROLROOM_ROOM, userId: alice.id });
    socket.emit('join-room', { token: alice.token, roomId: CONTROLROOM_ROOM, userId: alice.id });
    expect(await authenticated).toEqual({ userId: alice.id });
    expect(await joined).toEqual({ roomId: CONTROLROOM_ROOM, rooms: [`company:${acme}`, `user:${alice.id}`] });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('realtime across two nodes through Redis', () => {
  let database: TestDatabase;
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = database.url ? { database } : {};
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', JWT_SECRET: 'shared-secret-of-both-nodes-0123456789' };
    const redisKey = `rpa-test-${randomBytes(4).toString('hex')}`;
    nodeA = await startServer({ ...shared, env, redisKey });
    nodeB = await startServer({ ...shared, env, redisKey });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('brings a publish on node A to a browser connected to node B, scoped by company', async () => {
    const acme = await createCompany(nodeB, 'Acme');
    const other = await createCompany(nodeB, 'Other');
    await createUser(nodeB, {
      email: 'bob@acme.test',
      password: 'Pass@1234',
      role: ROLE.customerAdmin,
      companyId: acme,
    });
    const bob = await login(nodeB, 'bob@acme.test', 'Pass@1234');
    const socket = open(nodeB);
    const messages = inbox(socket);
    expect(await join(socket, bob.token, bob.user.id)).toEqual({
      ok: true,
      rooms: [`company:${acme}`, `company-runs:${acme}`, `user:${bob.user.id}`],
    });
    nodeA.app.realtime.publish(other, note('other-company'));
    nodeA.app.realtime.publish(acme, note('from-node-a'));
    expect((await messages.until('from-node-a')).map((n) => n.data.id)).toEqual(['from-node-a']);
  });
});
