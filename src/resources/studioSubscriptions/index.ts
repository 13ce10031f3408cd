import { studioSubscriptions } from '../../domain/declarations';
import { schemaResource } from '../schema';

/** A company's bot studio subscription: a tab of the company's details page. */
export const studioSubscriptionsResource = schemaResource(studioSubscriptions, { routes: false });
