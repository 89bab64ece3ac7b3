// ---- The presenter's keys, the same in every view that steps (the
// explorer's step-through, the MCTS page, the Iterations view, the Positions
// graph): a clicker sends PageDown and PageUp (some send → and ←, or space).
// Autoplay, where a view has it, is a key of its own (p), never space: a
// clicker's space must step, not set the tree running.

/** +1 for a step forward (→, PageDown, space), -1 for a step back (←,
 * PageUp), 0 for any other key or a key with a modifier.
 * @param {KeyboardEvent} ev @returns {number} */
export function stepKey(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return 0;
  if (ev.key === 'ArrowRight' || ev.key === 'PageDown' || ev.key === ' ') return 1;
  if (ev.key === 'ArrowLeft' || ev.key === 'PageUp') return -1;
  return 0;
}

/** Whether `ev` is the autoplay key (p).
 * @param {KeyboardEvent} ev @returns {boolean} */
export function playKey(ev) {
  return !ev.altKey && !ev.ctrlKey && !ev.metaKey && (ev.key === 'p' || ev.key === 'P');
}
