import { isValidElement, useState } from 'react';
import Delete from '@mui/icons-material/Delete';
import {
  Confirm,
  useDeleteController,
  useGetRecordRepresentation,
  useTranslate,
  type Identifier,
  type RedirectionSideEffect,
} from 'react-admin';
import { ActionButton } from './ActionButton';

/**
 * The confirmation's texts as react-admin words them ("Delete bot Payroll Export"): a
 * resource's own `message.delete_title` / `delete_content`, else react-admin's, naming the
 * resource by its `forcedCaseName` or its lower-cased name.
 */
function useDeleteTexts(resource: string, record: { id: Identifier }): { title: string; content: string } {
  const translate = useTranslate();
  const representationOf = useGetRecordRepresentation(resource);
  const representation = representationOf(record);
  const name = translate(`resources.${resource}.forcedCaseName`, {
    smart_count: 1,
    _: translate(`resources.${resource}.name`, { smart_count: 1, _: resource }).toLowerCase(),
  });
  const options = {
    name,
    id: record.id,
    recordRepresentation: isValidElement(representation) ? `#${record.id}` : representation,
  };
  const text = (key: string) =>
    translate(`resources.${resource}.message.${key}`, { ...options, _: translate(`ra.message.${key}`, options) });
  return { title: text('delete_title'), content: text('delete_content') };
}

/**
 * Delete with a confirmation, as an icon in a list row or a button on a details page; the
 * server's refusal ("This company still has users…") shows as a toast. The dialog closes on
 * Confirm; the row stays until the server has answered (pessimistic).
 */
export const DeleteAction = ({
  resource,
  record,
  redirect,
}: {
  resource: string;
  record: { id: Identifier };
  redirect: RedirectionSideEffect;
}) => {
  const [open, setOpen] = useState(false);
  const { title, content } = useDeleteTexts(resource, record);
  const { isPending, handleDelete } = useDeleteController({ resource, record, redirect, mutationMode: 'pessimistic' });
  const confirm = () => {
    setOpen(false);
    handleDelete();
  };
  return (
    <>
      <ActionButton
        label="ra.action.delete"
        icon={<Delete />}
        color="error"
        onClick={() => setOpen(true)}
        busy={isPending}
      />
      <Confirm
        isOpen={open}
        title={<>{title}</>}
        content={<>{content}</>}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
