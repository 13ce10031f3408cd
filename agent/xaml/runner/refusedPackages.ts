/**
 * UiPath's activity packages the runner has (some of their activities at least), and the packages
 * named by UiPath's own XML namespaces (`http://schemas.uipath.com/workflow/activities/<name>`),
 * so that an activity of a package the agent does not have is refused naming that package.
 */

/**
 * Packages of which the runner implements activities: an activity of theirs it does not know is
 * "not supported" (the package is here, that activity is not). UiPath.Persistence (Action Center
 * tasks) stays with the Orchestrator activities, refused as not supported until they come.
 */
const PACKAGES_HERE =
  /^UiPath\.(System|Core|Excel|Web|WebAPI|Testing|Persistence)(\.Activities)?$|^UiPath\.(Core|System)\.Activities\./i;

/** The package each UiPath XML sub-namespace declares, by its first path segment. */
const XML_PACKAGES: Readonly<Record<string, string>> = {
  intelligentocr: 'UiPath.IntelligentOCR.Activities',
  'documentunderstanding-ml': 'UiPath.DocumentUnderstanding.ML.Activities',
  'document-processing-contracts': 'UiPath.DocumentProcessing.Contracts',
  python: 'UiPath.Python.Activities',
  java: 'UiPath.Java.Activities',
  ftp: 'UiPath.FTP.Activities',
  credentials: 'UiPath.Credentials.Activities',
  cryptography: 'UiPath.Cryptography.Activities',
  database: 'UiPath.Database.Activities',
};

const UIPATH_XML = /^http:\/\/schemas\.uipath\.com\/workflow\/activities\/([^/]+)/i;

/**
 * The UiPath package (its assembly) an activity written under `uri` comes from, when it is one
 * the agent does not have; null when the runner has the package, or the URI names none.
 * `assembly` is the `clr-namespace` URI's `assembly=` (or its CLR namespace when there is none).
 */
export function missingUiPathPackage(uri: string, assembly: string | null): string | null {
  if (assembly !== null) {
    if (!/^UiPath\./i.test(assembly) || PACKAGES_HERE.test(assembly)) return null;
    return assembly;
  }
  const m = UIPATH_XML.exec(uri);
  if (!m) return null;
  return XML_PACKAGES[m[1].toLowerCase()] ?? null;
}
