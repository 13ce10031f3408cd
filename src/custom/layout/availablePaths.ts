/**
 * Sidebar paths whose screens exist in this build: the sidebar only links to these, so a
 * feature that has not landed yet never shows a placeholder. Each feature adds its paths here.
 */
export const AVAILABLE_PATHS: ReadonlySet<string> = new Set(['/controlroom', '/controlroom/profile/userdetails']);
