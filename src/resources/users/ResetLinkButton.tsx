import { useState } from 'react';
import LinkIcon from '@mui/icons-material/Link';
import { useNotify, useRecordContext } from 'react-admin';
import { sendResetLink } from '../../dataProvider/calls';
import { ActionButton, useCanDo, useServerError } from '../schema';
import { users } from '../../domain/declarations';
import { useSessionUser } from '../../custom/session/useSession';

/** Reset Link: mails the user a link to set a new password (and unblocks them); the server's text as toast. */
export const ResetLinkButton = () => {
  const record = useRecordContext<{ id: string; status?: string }>();
  const canDo = useCanDo(users);
  const me = useSessionUser();
  const notify = useNotify();
  const onError = useServerError();
  const [sending, setSending] = useState(false);
  // One's own password is changed from the header menu.
  if (!record || record.status === 'deleted' || record.id === me?.id || !canDo('update', record)) return null;
  const send = async () => {
    setSending(true);
    try {
      notify(await sendResetLink(record.id), { type: 'success' });
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <ActionButton label="resources.users.resetLink" icon={<LinkIcon />} onClick={() => void send()} busy={sending} />
  );
};
