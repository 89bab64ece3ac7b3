// What the explorer's modules add to the browser's types (tsc reads this
// with jsconfig.json): the page's hook for addons, and the strings a drawn
// element keeps of what was last written into it, so that a redraw touches
// the document only where they changed.
interface Window {
  gametree: unknown;
}
interface Element {
  _cls?: string;
  _body?: string;
  _pos?: string;
  _gone?: boolean;
  _html?: string;
  _dims?: string;
}
