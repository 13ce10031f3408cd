import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '../domain';
import { BRAND } from '../custom/theme/palette';

/** react-admin's theme with our colours and the spec's sidebar widths (200 / 80 px). */
export const shellTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: BRAND.primary },
    secondary: { main: BRAND.secondary },
  },
  sidebar: { width: SIDEBAR_EXPANDED_PX, closedWidth: SIDEBAR_COLLAPSED_PX },
};
