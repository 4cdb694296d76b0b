/**
 * Puts a link in its text box and copies it where the browser allows (a secure page with a clipboard); otherwise
 * the box's text is selected, for Ctrl+C. Resolves with whether it reached the clipboard, for the caller's words.
 */
export async function offerLink(url: string, input: HTMLInputElement): Promise<boolean> {
  input.value = url;
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    input.focus();
    input.select();
    return false;
  }
}
