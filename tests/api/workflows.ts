/** Workflow files and multipart bodies for the bot tests. */
export const WORKFLOW = `<?xml version="1.0" encoding="utf-8"?>
<Activity x:Class="Main" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Customer" Type="InArgument(x:String)" />
    <x:Property Name="out_Total" Type="OutArgument(x:Int32)" />
  </x:Members>
  <Sequence DisplayName="Main" />
</Activity>`;

/** A multipart body of /bot/create: text fields and, unless null, the file. */
export function botForm(
  fields: Record<string, string | number>,
  file: { name: string; text: string | Uint8Array<ArrayBuffer> } | null = { name: 'Main.xaml', text: WORKFLOW },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) form.append('file', new Blob([file.text], { type: 'application/xml' }), file.name);
  return form;
}
