import type { CheckboxProps } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '../domain';
import { BRAND } from '../custom/theme/palette';
import { motionComponents } from '../custom/theme/motion';

/** react-admin's theme with our colours and the spec's sidebar widths (200 / 80 px). */
export const shellTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: BRAND.primary },
    secondary: { main: BRAND.secondary },
    error: { main: BRAND.error },
  },
  sidebar: { width: SIDEBAR_EXPANDED_PX, closedWidth: SIDEBAR_COLLAPSED_PX },
  components: {
    ...defaultTheme.components,
    ...motionComponents,
    MuiCheckbox: {
      defaultProps: {
        // A Checkbox's own aria-label (react-admin's "Select this row") lands on MUI's wrapping
        // span, where ARIA forbids it, and leaves the input unnamed: name the input instead.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxProps) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
  },
};
