/**
 * UiPath's shared XML namespace (`http://schemas.uipath.com/workflow/activities`) holds the
 * headless activities of the core and System packages and the desktop ones of the UI automation,
 * mail and Office packages alike: there the activity's name says whether it needs a desktop.
 */

/** The UI automation package's activities written under the shared namespace (classic and modern). */
const UI_AUTOMATION = `
  Click DoubleClick ClickImage ClickText ClickOCRText ClickTrigger Hover HoverImage HoverText HoverOCRText
  TypeInto TypeSecureText SendHotkey SetText SelectItem SelectMultipleItems Check SetFocus SetValue
  HotkeyTrigger KeyPressTrigger MouseTrigger SystemTrigger MonitorEvents ReplayUserEvent BlockUserInput
  ElementAttributeChangeTrigger ElementExists UiElementExists FindElement FindChildren FindRelative
  FindRelativeElement GetAncestor ElementScope WaitElementVanish WaitElementAppear WaitUiElementAppear
  WaitUiElementVanish WaitAttribute OnElementAppear OnElementVanish FindImage ImageExists ImageFound
  WaitImageAppear WaitImageVanish OnImageAppear OnImageVanish FindText FindOCRText TextExists OCRTextExists
  OnTextAppear OnTextVanish WaitTextAppear Highlight HighlightElement GetText GetFullText GetVisibleText
  GetOCRText GetAttribute GetPosition GetElement GetSelectedItem ExtractData ExtractStructuredData
  DataScraping TakeScreenshot SaveImage LoadImage SetClipping SetClippingRegion ContextAware
  OpenApplication CloseApplication StartProcess AttachWindow WindowScope GetActiveWindow
  CloseWindow MaximizeWindow MinimizeWindow RestoreWindow ActivateWindow Activate HideWindow ShowWindow
  MoveWindow OpenBrowser AttachBrowser BrowserScope UseBrowser CloseBrowser CloseTab NavigateTo GoBack
  GoForward GoHome Refresh RefreshBrowser InjectJsScript SetWebAttribute GetWebAttribute
  MicrosoftOCR TesseractOCR GoogleOCR AbbyyOCR AbbyyEmbeddedOCR MicrosoftCloudOCR OCR ScreenScraping
  SetToClipboard GetFromClipboard CopySelectedText InputDialog SelectFile SelectFolder
  CallOut CustomInput ForEachUiElement TriggerScope CitrixScope
  SAPLogon SAPLogin CallTransaction ReadStatusBar SelectDatesInCalendar ExpandALVTree ExpandTree
  ExpandALVHierarchicalTable SelectMenuItem ClickToolbarButton ClickPictureOnScreen`;

/** The mail package's activities (Outlook, SMTP, IMAP, POP3, Exchange, IBM Notes). */
const MAIL = `
  SendOutlookMail SendOutlookMailMessage GetOutlookMailMessages MoveOutlookMessage ReplyToOutlookMailMessage
  MarkOutlookMailAsRead DeleteOutlookMailMessage SaveOutlookMailMessage SetOutlookMailCategories
  OutlookApplicationCard OutlookMailMessagesTrigger SaveMailAttachments SaveAttachments SaveMailMessage
  SaveMail SendMail SendSmtpMailMessage GetPOP3MailMessages GetIMAPMailMessages MoveIMAPMailMessageToFolder
  DeleteMail GetMail ExchangeScope GetExchangeMailMessages SendExchangeMailMessage SendExchangeMail
  MoveExchangeMessage DeleteExchangeMailMessage ForEachEmail GetNotesMailMessages SendNotesMail`;

/** The Word and PowerPoint packages' activities; Excel's application activities (the Excel… family). */
const OFFICE = `
  WordApplicationScope WordApplicationCard WordReadText WordAppendText WordReplaceText WordSaveAs
  WordInsertDataTable WordAddImage WordExportToPdf WordSetBookmarkContent WordReplacePicture
  PowerPointApplicationScope PowerPointApplicationCard ExcelApplicationScope ExcelApplicationCard`;

export const DESKTOP_NAMES: ReadonlySet<string> = new Set(
  `${UI_AUTOMATION} ${MAIL} ${OFFICE}`.split(/\s+/).filter(Boolean),
);

/**
 * Desktop families by name: the modern UI automation activities (`NClick`, `NApplicationCard`…),
 * Excel's, Word's and PowerPoint's application activities, the mail clients' and the SAP, Java,
 * Citrix and terminal ones.
 */
export const DESKTOP_NAME_FAMILIES =
  /^(N[A-Z][a-z]|Excel|Word|PowerPoint|Sap|Java|Terminal)|Outlook|Exchange|IMAP|POP3|Smtp|Lotus/;

/**
 * The Excel package's workbook activities: they read and write the file itself when given a
 * WorkbookPath, or act inside an Excel application scope (see needsExcelApplication).
 */
export const EXCEL_WORKBOOK_NAMES: ReadonlySet<string> = new Set([
  'ReadRange',
  'WriteRange',
  'AppendRange',
  'ReadCell',
  'WriteCell',
  'GetWorkbookSheets',
  'GetWorkbookSheet',
  'ReadCellFormula',
  'ReadColumn',
  'ReadRow',
]);
