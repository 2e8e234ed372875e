export { healthRoutes } from './health-routes';
export { logsRoutes } from './logs-routes';
export { PAGE_MARKER, PRERENDERED_DIR, RENDER_MODULE, prerenderedFile } from './prerendered-pages';
export { renderedPages } from './rendered-pages';
export { siteFrame, type SiteFrame } from './site-frame';
export { staticRoutes } from './static-routes';
export { mountHealth, mountLogs, mountSite } from './mount';
