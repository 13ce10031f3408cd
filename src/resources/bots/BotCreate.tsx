import { SchemaCreate, type SchemaResource } from '../schema';
import { BotFileInput } from './BotFileInput';

/**
 * Create Bots (/controlroom/bots/create): the workflow file with a preview of its arguments,
 * then the declaration's inputs (name, description, type, and the company for Super and Sub
 * Admin). The dataProvider sends it as multipart/form-data because a value is a file; the
 * server's field errors show under their inputs, its message (e.g. the licence limit) as a toast.
 */
export const BotCreate = ({ resource }: { resource: SchemaResource }) => (
  <SchemaCreate resource={resource}>
    <BotFileInput />
  </SchemaCreate>
);
