import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { decide, targetOf } from '../../src/domain';
import { groups as groupsDef, resourceMessages } from '../../src/domain/declarations';
import { enforce } from '../crud/routes';
import { createStore } from '../crud/store';
import { userGroups } from '../db/schema';
import { notFound } from '../http/errors';
import { errorResponses } from '../http/schemas';
import { domainRules } from '../http/validation';
import { actorOf } from '../plugins/auth';
import { groupsSource, memberIdsOf } from '../crudResources/groups';
import { membersCompany } from '../crudResources/people';
import { atLeastOneUser } from '../../src/domain/declarations';
import { validateFields } from '../../src/domain';

const Body = Type.Object({
  groupId: Type.String({ format: 'uuid' }),
  userIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 }),
});
const Answer = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  payload: Type.Object({ groupId: Type.String(), userIds: Type.Array(Type.String()) }),
});

/** POST /groups/bulk-association: adds users (of the group's company) to a group; members stay. */
export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = createStore(groupsDef, groupsSource);
  app.post(
    '/groups/bulk-association',
    {
      preValidation: domainRules((body) => validateFields(body, { userIds: [atLeastOneUser] })),
      schema: {
        tags: ['groups'],
        summary: 'Add users to a group',
        description: 'Answers `{status, message, payload: {groupId, userIds}}` with every member after the call.',
        security: [{ token: [] }],
        body: Body,
        response: { 200: Answer, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await store.findById(app.database.db, request.body.groupId);
      if (!group) throw notFound();
      enforce(decide(actor, 'update', 'groups', targetOf(groupsDef, group)));
      const userIds = [...new Set(request.body.userIds)];
      const members = await app.database.db.transaction(async (tx) => {
        await membersCompany(tx, actor, userIds, group.companyId as string);
        await tx
          .insert(userGroups)
          .values(userIds.map((userId) => ({ userId, groupId: group.id })))
          .onConflictDoNothing();
        await app.audit.record(
          { actor, action: 'update', resource: 'groups', recordId: group.id, changes: { addedUserIds: userIds } },
          tx,
        );
        return memberIdsOf(tx, group.id);
      });
      return {
        status: true,
        message: resourceMessages.usersAssociated,
        payload: { groupId: group.id, userIds: members },
      };
    },
  );
};
