// The note that the page only shows the view models: they are driven with binderyctl. Its
// examples name a real input and command of the daemon's surface, so they work as typed.
import { h } from "./dom.js";

const SAMPLE_VALUES = { string: "text", int: "42", double: "1.5", bool: "true" };

/** A value as binderyctl's REPL reads it: bare when it is one plain word, else JSON-quoted. */
function replValue(value, type, optional) {
  if (value === null && optional) return "null";
  if (value === null || value === undefined || value === "") return SAMPLE_VALUES[type] || "text";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (/^[\w.@+:-]+$/.test(text)) return text;
  // Inside the example's single quotes: a value with one of its own gets the sample instead.
  return text.includes("'") ? SAMPLE_VALUES[type] || "text" : JSON.stringify(text);
}

/**
 * Fills `target` with the note for `surface` (/api/surface's viewModels) and `viewModels`;
 * `attach` is the command line that reaches this daemon (binderyd's rule: `sudo binderyctl`
 * for the system service, `binderyctl --socket PATH` for a socket it bound itself).
 */
export function showReadOnlyNote(target, surface, viewModels, attach) {
  const examples = [];
  for (const [vm, shape] of Object.entries(surface || {})) {
    const input = (shape.inputs || [])[0];
    if (input && !examples.some((line) => line.includes("-c 'set "))) {
      const current = viewModels && viewModels[vm] && (viewModels[vm].inputs || {})[input.name];
      examples.push(`${attach} -c 'set ${vm}.${input.name} ${replValue(current, input.type, input.optional)}'`);
    }
    const command = (shape.commands || []).find((entry) => !entry.argument);
    if (command && !examples.some((line) => line.includes("-c 'run "))) examples.push(`${attach} -c 'run ${vm}.${command.name}'`);
  }
  target.replaceChildren(
    h("strong", {}, "Read-only."), " This page shows the view models; to change them, attach the REPL with ",
    h("code", { class: "attach-line" }, attach), ", or run one command, e.g. ",
    ...examples.flatMap((line, index) => [index ? " or " : "", h("code", { class: "command-line" }, line)]),
    ".");
}
