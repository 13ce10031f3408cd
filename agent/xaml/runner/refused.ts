import { NS } from './ns';
import { missingUiPathPackage } from './refusedPackages';
import { DESKTOP_NAMES, DESKTOP_NAME_FAMILIES, EXCEL_WORKBOOK_NAMES } from './refusedNames';
import { attr, type XNode } from './xml';

/**
 * Why an activity cannot run on this agent, said truthfully at load:
 * - it comes from a package that drives a screen, a browser, a mail client or an Office
 *   application ("needs a desktop"), decided by its package namespace; UiPath's shared XML
 *   namespace holds headless and desktop activities alike, so there a list of names decides;
 * - it is WCF messaging (System.ServiceModel.Activities), which is out of scope;
 * - it comes from a .NET library the project brings (its own or a third party's), or from a
 *   UiPath package the agent does not have (Document Understanding, Python, FTP…), which the
 *   agent cannot load.
 */

/**
 * UiPath XML namespaces of desktop packages: the modern UI automation activities' (Use
 * Application/Browser, N… activities), Word's, PowerPoint's and the mail clients'.
 */
const UIX = /^http:\/\/schemas\.uipath\.com\/workflow\/activities\/(uix|word|presentations|mail)\b/i;

/** UiPath packages whose every activity needs a desktop, by CLR namespace or assembly name. */
const DESKTOP_PACKAGES = /^UiPath\.(UIAutomation\w*|Mail|Outlook|Word|Presentations|PowerPoint|CV|Terminal)\b/i;

/** The Excel package, whose activities all need the Excel application today (see needsExcelApplication). */
const EXCEL_PACKAGE = /^UiPath\.Excel\b/i;

/** WCF messaging activities: refused by name wherever they are written. */
const WCF = new Set(['Send', 'Receive', 'SendReply', 'ReceiveReply', 'TransactedReceiveScope']);

/** The CLR namespace and assembly of a `clr-namespace:Ns;assembly=Asm` URI, or null for another URI. */
function clrOf(uri: string): { ns: string; assembly: string | null } | null {
  if (!uri.startsWith('clr-namespace:')) return null;
  const [ns, ...rest] = uri.slice('clr-namespace:'.length).split(';');
  const asm = rest.find((p) => p.trim().startsWith('assembly='));
  return { ns: ns.trim(), assembly: asm ? asm.trim().slice('assembly='.length) : null };
}

/** Whether the workbook activities (read and write an .xlsx file without Excel) are implemented. */
const WORKBOOK_ACTIVITIES = true;

/**
 * Whether an activity of UiPath's Excel package needs the Excel application: all of them but
 * the workbook activities (Read Range, Write Range, Append Range, Read Cell, Write Cell, Get
 * Workbook Sheets…) given a WorkbookPath, which read and write the file itself — and those too
 * until they are implemented (WORKBOOK_ACTIVITIES).
 */
export function needsExcelApplication(node: XNode): boolean {
  const workbook = EXCEL_WORKBOOK_NAMES.has(node.name) && attr(node, 'WorkbookPath') !== undefined;
  return !(WORKBOOK_ACTIVITIES && workbook);
}

/** Whether the activity belongs to a UI automation, browser, mail-client or Office-application package. */
function needsDesktop(node: XNode): boolean {
  if (UIX.test(node.uri)) return true;
  const clr = clrOf(node.uri);
  const packages = clr ? [clr.ns, clr.assembly ?? ''] : [];
  if (packages.some((p) => DESKTOP_PACKAGES.test(p))) return true;
  if (packages.some((p) => EXCEL_PACKAGE.test(p))) return needsExcelApplication(node);
  if (node.ns !== NS.ui) return false;
  // UiPath's shared namespace: the desktop activities of the core and Office packages by name.
  if (EXCEL_WORKBOOK_NAMES.has(node.name)) return needsExcelApplication(node);
  return DESKTOP_NAMES.has(node.name) || DESKTOP_NAME_FAMILIES.test(node.name);
}

/**
 * The .NET library an activity comes from when it is neither WF's, Microsoft's nor one of the
 * UiPath packages the runner has; null otherwise.
 */
function foreignLibrary(node: XNode): string | null {
  const clr = clrOf(node.uri);
  if (!clr) return missingUiPathPackage(node.uri, null);
  if (/^UiPath(\.|$)/.test(clr.ns)) return missingUiPathPackage(node.uri, clr.assembly ?? clr.ns);
  if (/^(System|Microsoft)(\.|$)/.test(clr.ns)) return null;
  if (clr.assembly && /^(System|Microsoft|UiPath|mscorlib)(\.|$)/.test(clr.assembly)) return null;
  return clr.assembly || clr.ns || 'of the project itself';
}

function isWcf(node: XNode): boolean {
  const clr = clrOf(node.uri);
  if (clr?.ns.startsWith('System.ServiceModel')) return true;
  return (
    /^http:\/\/schemas\.microsoft\.com\/netfx\/2009\/xaml\/servicemodel$/.test(node.uri) ||
    (node.ns === NS.wf && WCF.has(node.name))
  );
}

/**
 * The refusal of an activity, or null when nothing refuses it. A registered activity is refused
 * only for its package (a desktop package writing a name the runner also knows); an unknown one
 * also by the desktop names of UiPath's shared namespace, as WCF messaging, or as a library's.
 */
export function refusal(node: XNode, where: string, registered: boolean): string | null {
  const desktop = `Activity ${where} needs a desktop and is not supported by this agent`;
  if (registered) {
    if (node.ns === NS.ui && node.uri === NS.ui) return null;
    return needsDesktop(node) ? desktop : null;
  }
  if (needsDesktop(node)) return desktop;
  if (isWcf(node))
    return `Activity ${where} is WCF messaging (System.ServiceModel.Activities), which this agent does not support`;
  const library = foreignLibrary(node);
  if (library) return `Activity ${where} needs the library ${library} (a .NET assembly), which this agent cannot load`;
  return null;
}
