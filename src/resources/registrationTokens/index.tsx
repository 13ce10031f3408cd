import { registrationTokens } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { GenerateTokenButton } from './GenerateTokenDialog';
import { TokenRowActions } from './TokenActions';
import { TokenList } from './TokenList';

const StandaloneTokenList = () => <TokenList resource={registrationTokensResource} />;

/**
 * Registration tokens: the schema's list with Copy, Delete, Download per row and Generate
 * Token instead of a create page (the token is shown once, to copy).
 */
export const registrationTokensResource = schemaResource(registrationTokens, {
  list: StandaloneTokenList,
  createPage: false,
  rowActions: TokenRowActions,
  listActions: <GenerateTokenButton />,
});
