import { NS } from './ns';
import type { XNode } from './xml';

/**
 * UiPath activities that drive a screen, a browser, Excel, Word, PowerPoint, Outlook or a mail
 * server, or ask a person something: an unattended agent without a desktop cannot run them.
 * The workbook activities (ReadRange, WriteRange, AppendRange, ReadCell, WriteCell,
 * GetWorkbookSheets) need no Excel and run (activities/workbook.ts); those of an Excel
 * Application Scope, and every `Excel…` activity, drive Excel itself.
 */
const DESKTOP = new Set(
  `Click DoubleClick TypeInto TypeSecureText SendHotkey SetText GetText GetFullText GetVisibleText GetOCRText
  Hover HighlightElement SelectItem SelectMultipleItems Check SetValue GetAttribute GetAncestor FindElement
  FindChildren ElementExists ElementScope WaitElementVanish WaitElementAppear OnElementAppear OnElementVanish
  OnImageAppear ClickImage ClickText FindImage ImageExists TextExists WaitImageVanish ExtractData DataScraping
  TakeScreenshot SetFocus SetClipping SetClippingRegion AttachWindow OpenApplication CloseApplication
  CloseWindow MaximizeWindow MinimizeWindow RestoreWindow ActivateWindow HideWindow ShowWindow MoveWindow
  StartProcess KillProcess OpenBrowser AttachBrowser CloseBrowser UseBrowser NavigateTo GoBack GoForward
  GoHome Refresh CloseTab InjectJsScript SetWebAttribute GetWebAttribute
  NApplicationCard NClick NTypeInto NGetText NHover NCheckState NSelectItem NCheck NKeyboardShortcuts
  NExtractData NNavigateBrowser NGoToUrl NBrowserDialogScope NTakeScreenshot NHighlight NMouseScroll
  NWindowOperation NCloseApplication NSetText NFindElements NGetAttribute
  ExcelApplicationScope ExcelApplicationCard
  ExcelReadRange ExcelWriteRange ExcelReadCell ExcelWriteCell ExcelAppendRange ExcelSaveWorkbook
  ExcelCloseWorkbook ExcelCreateTable ExcelRunMacro ExcelSelectRange ExcelSortTable ExcelFilterTable
  ExcelDeleteRange ExcelInsertColumn ExcelGetWorkbookSheets ExcelGetSelectedRange ExcelInvokeVBA ExcelFormatAsTable
  WordApplicationScope WordApplicationCard WordReadText WordAppendText WordReplaceText WordSaveAs WordInsertDataTable
  PowerPointApplicationScope PowerPointApplicationCard
  SendOutlookMailMessage GetOutlookMailMessages MoveOutlookMessage ReplyToOutlookMailMessage MarkOutlookMailAsRead
  OutlookApplicationCard SaveMailAttachments SaveMailMessage SendSmtpMailMessage GetPOP3MailMessages
  GetIMAPMailMessages MoveIMAPMailMessageToFolder SendMail SaveMail GetMail ExchangeScope GetExchangeMailMessages
  SendExchangeMailMessage ForEachEmail
  InputDialog SelectFile SelectFolder CallOut GetPassword SetToClipboard GetFromClipboard CopySelectedText
  ModifyText BlockUserInput`.split(/\s+/),
);

/** Assemblies of UiPath's desktop activity packages, as clr-namespace URIs name them. */
const DESKTOP_ASSEMBLIES = /UiPath\.(UIAutomation|Excel|Word|Presentations|Mail|Outlook|Core\.Activities\.Desktop)/i;

/** The refusal message for an activity needing a desktop, or null for any other unknown activity. */
export function desktopRefusal(node: XNode, where: string): string | null {
  const ui = node.ns === NS.ui || node.ns.startsWith('http://schemas.uipath.com/');
  const excel = ui && node.name.startsWith('Excel');
  if (
    (ui && DESKTOP.has(node.name)) ||
    excel ||
    DESKTOP_ASSEMBLIES.test(node.ns) ||
    node.ns.endsWith('/activities/uix')
  )
    return `Activity ${where} needs a desktop and is not supported by this agent`;
  return null;
}
