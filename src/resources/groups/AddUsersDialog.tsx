import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Button as TextButton } from '@mui/material';
import GroupAdd from '@mui/icons-material/GroupAdd';
import { Form, SaveButton, Toolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { groups } from '../../domain/declarations';
import { associateUsers } from '../../dataProvider/calls';
import { usePhone } from '../../custom/layout/usePhone';
import { DirtyTracker, LabelledButton, useCanDo, useServerError } from '../schema';
import { GroupUsersInput } from './GroupUsersInput';

type GroupRecord = Record<string, unknown> & { id: string; name: string; companyId?: string | null };

const NO_USERS = { userIds: [] };

/** "Add Users": bulk association of users of the group's company (POST /groups/bulk-association). */
export const AddUsersDialog = () => {
  const translate = useTranslate();
  const group = useRecordContext<GroupRecord>();
  const canDo = useCanDo(groups);
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerError();
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  if (!group || !canDo('update', group)) return null;
  const submit = async (values: Record<string, unknown>) => {
    const userIds = Array.isArray(values.userIds) ? values.userIds.map(String) : [];
    try {
      const answer = await associateUsers(group.id, userIds);
      notify(answer.message, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      onError(error);
    }
  };
  const title = translate('resources.groups.addUsersTitle', { name: group.name });
  return (
    <>
      <LabelledButton
        label="resources.groups.addUsers"
        icon={<GroupAdd />}
        onClick={() => setOpen(true)}
        variant="outlined"
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-label={title} fullWidth maxWidth="sm" fullScreen={phone}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {/* A record of its own: the group in context is not what this form edits. */}
          <Form record={NO_USERS} onSubmit={(values: Record<string, unknown>) => submit(values)} noValidate>
            <DirtyTracker />
            <GroupUsersInput def={groups} name="userIds" mode="create" companyId={group.companyId ?? null} />
            <Toolbar sx={{ gap: 1, px: 0 }}>
              <SaveButton alwaysEnable label="resources.groups.addUsers" />
              {/* A text button at every width: react-admin's Button shrinks to its (here absent) icon on a phone. */}
              <TextButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</TextButton>
            </Toolbar>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
};
