/** Hands a downloaded file to the browser, under the name given. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Shows a file the API answers (a PDF) in a new tab. The tab opens before the download so that the browser does
 * not take it for a pop-up; where none may open, the file replaces the page.
 */
export async function openInNewTab(download: () => Promise<{ blob: Blob }>): Promise<void> {
  const tab = window.open('', '_blank');
  const url = URL.createObjectURL((await download()).blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}
