/** What the app shell uses from the offline feature. */
export { OfflineNotice } from './offline-notice';
export { UpdatePrompt } from './update-prompt';
export { InstallButton } from './install-button';
