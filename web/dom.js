// Building and marking up elements. Data only ever reaches the page through text nodes and
// attributes (h() appends strings as text), never as markup; inline styles go through the
// CSSOM, which the page's Content-Security-Policy (default-src 'self') allows.
import { clockTime, formatValue, fullTimestamp, looksLikeColour, valueKind } from "./format.js";
import { isNested, jsonTree } from "./json-tree.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** An element with attributes (false/null/undefined left out, true as "") and children. */
export function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** An SVG element with attributes. */
export function svg(tag, attributes) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
  return node;
}

// Marks end in batches: every mark due to end within the same MARK_BATCH_MS slot is taken
// off by one timer, so a change that marks several elements costs one frame at its end, not
// one per element.
const MARK_MS = 1600;
const MARK_BATCH_MS = 100;
const marksEnding = new Map(); // slot -> Set of [node, className]
const markSlots = new WeakMap(); // node -> Map(className -> slot)

/** Puts `className` on `node` for about MARK_MS (restarting the time if it is already on). */
function mark(node, className) {
  if (!node) return;
  const slots = markSlots.get(node) || new Map();
  markSlots.set(node, slots);
  node.classList.add(className);
  const slot = Math.ceil((performance.now() + MARK_MS) / MARK_BATCH_MS);
  slots.set(className, slot);
  if (!marksEnding.has(slot)) {
    marksEnding.set(slot, new Set());
    setTimeout(() => {
      for (const [marked, name] of marksEnding.get(slot)) {
        if (markSlots.get(marked)?.get(name) === slot) marked.classList.remove(name);
      }
      marksEnding.delete(slot);
    }, slot * MARK_BATCH_MS - performance.now());
  }
  marksEnding.get(slot).add([node, className]);
}

/**
 * Highlights a changed `node` for about MARK_MS (style.css: .flash). The highlight is on or
 * off, never animated: a flash costs the main thread one style and paint pass when it starts
 * and one when it ends (batched with every other flash ending then), not a frame each.
 */
export function flash(node) {
  mark(node, "flash");
}

/** Lights a node or edge of a binding graph for about MARK_MS (style.css: .lit). */
export function light(node) {
  mark(node, "lit");
}

/**
 * A <time> for an ISO 8601 instant: the machine-readable instant in `datetime`, shown as a
 * local clock time ("clock") or with date and milliseconds ("full").
 */
export function timeElement(iso, style) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return h("time", {}, String(iso));
  const text = style === "full" ? fullTimestamp(date) : clockTime(date);
  return h("time", { datetime: date.toISOString(), title: date.toISOString() }, text);
}

/** A colour chip; the colour is set through the CSSOM (invalid colours are ignored). */
export function swatch(colour) {
  const chip = h("span", { class: "swatch", "aria-hidden": "true" });
  chip.style.backgroundColor = colour;
  return chip;
}

/**
 * Fills `target` with a value rendering: text, plus a colour chip for colour values; an
 * object (a record, not a list output, which is a table) as a folded tree (json-tree.js).
 */
export function showValue(target, name, value) {
  target.replaceChildren();
  target.dataset.kind = valueKind(value);
  if (looksLikeColour(name, value)) target.append(swatch(value));
  target.append(isNested(value) ? jsonTree(value) : formatValue(value));
  if (typeof value === "object" && value !== null) target.title = JSON.stringify(value);
  else target.removeAttribute("title");
}

/** Sets the text of `element` only when it differs (setting even the same text replaces its node). */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Shows or hides `element`, touching the attribute only when that changes (see setData). */
export function setHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}

/**
 * Sets `element.dataset[key]` only when it differs: the page's state attributes on <body>
 * (connection, viewing) are selectors' conditions, and rewriting one, even unchanged, can
 * make the browser recompute styles.
 */
export function setData(element, key, value) {
  if (element.dataset[key] !== value) element.dataset[key] = value;
}
