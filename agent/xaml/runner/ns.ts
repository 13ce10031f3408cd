/** The XAML namespaces the runner reads; everything else in a workflow is designer data or refused. */
export const NS = {
  wf: 'http://schemas.microsoft.com/netfx/2009/xaml/activities',
  ui: 'http://schemas.uipath.com/workflow/activities',
  x: 'http://schemas.microsoft.com/winfx/2006/xaml',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
} as const;

/**
 * WF and UiPath activities are also written with clr-namespace URIs (older designers, hand-written
 * files): these map to the same namespace so one registration serves both spellings.
 */
export function canonicalNamespace(uri: string): string {
  if (!uri.startsWith('clr-namespace:')) return uri;
  const clr = uri.slice('clr-namespace:'.length).split(';')[0];
  if (clr === 'System.Activities' || clr.startsWith('System.Activities.Statements')) return NS.wf;
  if (clr === 'System.Activities.Expressions') return NS.wf;
  // UiPath's activity packages (Core, System, Web, CSV, JSON, and the desktop ones) register their
  // CLR namespaces under the one UiPath XML namespace; the package stays in XNode.uri for refusals.
  if (clr.startsWith('UiPath.')) return NS.ui;
  return uri;
}

/** Designer-only namespaces: view state, debugger symbols, markup compatibility. */
export function isDesignerNamespace(uri: string): boolean {
  return (
    uri === NS.mc ||
    /xaml\/activities\/(presentation|debugger)/.test(uri) ||
    uri.startsWith('clr-namespace:System.Activities.Debugger') ||
    uri.startsWith('clr-namespace:System.Activities.Presentation') ||
    uri.startsWith('clr-namespace:System.Activities.Debugger.Symbol')
  );
}
