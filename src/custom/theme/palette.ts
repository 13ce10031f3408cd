/** Brand colours shared by the public pages' MUI theme and the shell's react-admin theme. */
export const BRAND = {
  primary: '#1e5aa8',
  secondary: '#0f2340',
  accent: '#f5a623',
  // MUI's error red (#d32f2f) is 4.4:1 on a filled field's grey, under the 4.5:1 a label needs;
  // this one keeps 4.9:1 there (4.6:1 on the hovered grey) and more on white.
  error: '#c62828',
} as const;
