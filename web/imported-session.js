// The session binderyctl imported into this daemon (`import FILE`, /api/imported): shown apart
// from the live state, under its own banner that says it is imported and not live, with its
// own slider over its versions; the live cards, scrubber and log never show its versions.
import { fetchAnswer } from "./fetch-json.js";
import { h, setHidden, setText } from "./dom.js";
import { jsonTree } from "./json-tree.js";

const TIMEOUT_MS = 10000;

/**
 * Fills `target` (hidden when nothing is imported) from /api/imported: the banner naming the
 * session (its daemon, versions, when exported and imported), a slider over its versions and
 * the state at the chosen one (/api/imported?at=V), each answer marked imported by the daemon.
 */
export async function showImportedSession(target, attach) {
  let answer;
  try { answer = await fetchAnswer("/api/imported", TIMEOUT_MS); } catch { return; }
  const imported = answer.status === 200 && answer.body ? JSON.parse(answer.body).imported : null;
  if (!imported) { setHidden(target, true); return; }
  const slider = h("input", { type: "range", min: imported.from, max: imported.to, value: imported.to,
    "aria-label": "version of the imported session" });
  const label = h("span", { class: "imported-version" });
  const state = h("div", { class: "imported-state" });
  const show = async () => {
    const version = Number(slider.value);
    setText(label, `version ${version} of ${imported.from}–${imported.to}`);
    const at = await fetchAnswer(`/api/imported?at=${version}`, TIMEOUT_MS).catch(() => null);
    if (Number(slider.value) !== version) return; // moved on meanwhile
    state.replaceChildren(at && at.body ? jsonTree(JSON.parse(at.body).viewModels) : h("p", {}, "not readable"));
  };
  slider.addEventListener("input", show);
  target.replaceChildren(
    h("strong", {}, "Imported session, not live: "),
    `${imported.daemon}'s versions ${imported.from}–${imported.to} (${imported.events} events), exported ${imported.exportedAt},` +
      ` imported ${imported.importedAt}. Its versions are kept apart from this daemon's; read one with `,
    h("code", {}, `${attach} -c 'show VM @${imported.to} imported'`), ".",
    h("div", { class: "imported-scrub" }, slider, label), state);
  target.dataset.from = String(imported.from);
  target.dataset.to = String(imported.to);
  setHidden(target, false);
  await show();
}
