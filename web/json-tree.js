// Nested values as trees: an object or a list inside a value (a command's lastValue, a set's
// value in the event log, a record in a list cell) shows as one folded line that opens into
// its members, each nested object or list folding on its own, with a button that copies the
// value as JSON. Built with <details>/<summary>, so the keyboard opens and closes them; the
// members are built on first opening only, so a folded value costs one line.
import { h } from "./dom.js";
import { clip, counted, formatValue, valueKind } from "./format.js";

/** Whether `value` is shown as a tree: a non-empty object or list. */
export function isNested(value) {
  if (value === null || typeof value !== "object") return false;
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
}

/** "{3 keys}" or "[2 items]": what a folded member holds. */
function shape(value) {
  return Array.isArray(value) ? `[${counted(value.length, "item")}]` : `{${counted(Object.keys(value).length, "key")}}`;
}

function leaf(value) {
  return h("span", { class: "json-leaf", "data-kind": valueKind(value) }, formatValue(value));
}

/** A folded member `key` holding the nested `value`; its members are built when first opened. */
function branch(key, value) {
  const summary = h("summary", {}, h("span", { class: "json-key" }, key), " ", h("span", { class: "json-shape" }, shape(value)));
  const node = h("details", { class: "json-branch" }, summary);
  node.addEventListener("toggle", () => {
    if (node.open && node.childElementCount === 1) node.append(members(value));
  });
  return node;
}

function members(value) {
  const list = h("ul", { class: "json-members" });
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    list.append(h("li", {}, isNested(item) ? branch(key, item) : h("span", {}, h("span", { class: "json-key" }, key), ": ", leaf(item))));
  }
  return list;
}

/**
 * A folded tree of `value` (isNested): its one-line rendering as the summary; opened, its
 * members and a "copy JSON" button.
 */
export function jsonTree(value) {
  const json = JSON.stringify(value);
  const copy = h("button", { type: "button", class: "json-copy", title: "copy this value as JSON" }, "copy JSON");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(json);
      copy.textContent = "copied";
    } catch {
      copy.textContent = "copy refused by the browser";
    }
    copy.dataset.copied = copy.textContent;
  });
  const tree = h("details", { class: "json-tree", "data-kind": valueKind(value) },
    h("summary", {}, clip(formatValue(value), 80)));
  tree.addEventListener("toggle", () => {
    if (tree.open && tree.childElementCount === 1) tree.append(copy, members(value));
  });
  return tree;
}
