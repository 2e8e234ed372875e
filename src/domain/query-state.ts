/**
 * The query data a page rendered by the server was drawn with, carried in
 * the page as JSON (server/modules/site/rendered-pages.ts) and put into the
 * browser's query cache before hydration (src/app/providers.tsx), so both
 * draw the same page.
 */
export const QUERY_STATE_ID = 'chaps-query-state';

/** JSON safe inside <script type="application/json">: no '<' can end the element early. */
export function queryStateScript(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${QUERY_STATE_ID}">${json}</script>`;
}
