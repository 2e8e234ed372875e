/** iOS Safari has no install dialog: the steps to add the site to the Home Screen. */
export default function IosInstallHelp() {
  return (
    <details className="install-app-steps">
      <summary>How to add this site to your Home Screen</summary>
      <ol>
        <li>
          Tap the Share button (the square with an arrow pointing up) in Safari&rsquo;s toolbar.
        </li>
        <li>Scroll down and tap &lsquo;Add to Home Screen&rsquo;.</li>
        <li>Tap &lsquo;Add&rsquo;. The site then opens from its own icon, full screen.</li>
      </ol>
    </details>
  );
}
