/** Brand colours shared by the public pages' MUI theme and the shell's react-admin theme. */
export const BRAND = {
  primary: '#1e5aa8',
  secondary: '#0f2340',
  accent: '#f5a623',
} as const;
