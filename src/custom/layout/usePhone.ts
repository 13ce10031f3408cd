import { useMediaQuery, useTheme } from '@mui/material';

/**
 * Below MUI's `sm` breakpoint (600 px): lists show one card per record instead of a table, and
 * form dialogs take the whole screen. Read at once (noSsr), so a phone never paints the desktop
 * layout first. The public pages have no ThemeProvider: MUI's useTheme gives its default theme
 * there (the same breakpoints), where useMediaQuery's own theme argument would be null.
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
