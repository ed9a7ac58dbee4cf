// The runs before the events the page opens with: the page holds the newest page of the event
// log (event-pages.js), so a command whose last failure is older — behind a burst of sets —
// would show "idle" instead of "failed before", and its run timeline would start at the page.
// At open (and after another state) the daemon's newest failures and finishes are read once,
// filtered in the daemon (`kind=fail`, `kind=finish`, docs/HTTP.md): two bounded requests.
import { fetchEventPage } from "./event-pages.js";

// Events each of the two requests brings at most.
export const RUN_EVENTS = 100;

/** The newest failures and finishes the daemon keeps (oldest first each); [] when it cannot say. */
export async function recentRunEvents() {
  try {
    const [failures, finishes] = await Promise.all([
      fetchEventPage({ kind: "fail", limit: RUN_EVENTS }),
      fetchEventPage({ kind: "finish", limit: RUN_EVENTS }),
    ]);
    return failures.events.concat(finishes.events).sort((a, b) => a.version - b.version);
  } catch {
    return [];
  }
}
