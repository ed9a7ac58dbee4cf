// The daemon's history (docs/HTTP.md, /api/history): the state at each version binderyd
// keeps (about 1,000 back, across restarts), read once after the page opens, so the scrubber
// reaches versions this tab never saw. The answer is a checkpoint's whole state and every
// later version's change-feed entries; applying them in order (state.js, as the feed does)
// gives each version's undo records, one step per version, which history.js keeps as if the
// page had seen them arrive.
import { History } from "./history.js";
import { BoundState } from "./state.js";

const HISTORY_TIMEOUT_MS = 10000;

/** The steps of every version the daemon keeps, oldest first ([] when it keeps none). */
export async function daemonSteps() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HISTORY_TIMEOUT_MS);
  let answer;
  try {
    const response = await fetch("api/history", { cache: "no-store", signal: controller.signal });
    if (!response.ok) return [];
    answer = await response.json();
  } finally {
    clearTimeout(timer);
  }
  if (!answer || !answer.state || !Array.isArray(answer.versions)) return [];
  const steps = new History();
  let state = new BoundState(answer.state);
  for (const version of answer.versions) {
    if (version.reset) {
      const next = new BoundState(version.reset);
      steps.recordReset(state, next);
      state = next;
    } else if (Array.isArray(version.changes)) {
      const from = state.version;
      steps.recordChanges(from, version.version, state.apply(version.version, version.changes));
    }
  }
  return steps.steps;
}
