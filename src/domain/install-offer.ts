/**
 * Which browsers get the Add to Home Screen steps: Safari on iPhone or iPad
 * has no install dialog (no beforeinstallprompt), only Share > Add to Home
 * Screen. iPadOS Safari reports itself as a Mac, told apart by touch.
 * Other iOS browsers (Chrome, Firefox, in-app views) are left out.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const appleMobile = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
  return appleMobile && /Safari\//.test(userAgent) && !otherBrowser;
}
