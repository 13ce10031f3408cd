import { licences } from '../../domain/declarations';
import { schemaResource } from '../schema';

/** A company's licence: no screens of its own, it is a tab of the company's details page. */
export const licencesResource = schemaResource(licences, { routes: false });
