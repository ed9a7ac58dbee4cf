// Building and marking up elements. Data only ever reaches the page through text nodes and
// attributes (h() appends strings as text), never as markup; inline styles go through the
// CSSOM, which the page's Content-Security-Policy (default-src 'self') allows.
import { clockTime, formatValue, fullTimestamp, looksLikeColour, valueKind } from "./format.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FLASH_MS = 1600;

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

const flashTimers = new WeakMap();

/**
 * Adds `className` to `node` for FLASH_MS, restarting the effect if it is already on. The
 * class comes back on the next frame rather than after a forced layout, so a batch of
 * flashes costs one style pass, not one layout each.
 */
export function pulse(node, className) {
  if (!node) return;
  const timers = flashTimers.get(node) || {};
  clearTimeout(timers[className]);
  cancelAnimationFrame(timers[`${className}-frame`]);
  if (node.classList.contains(className)) {
    node.classList.remove(className);
    timers[`${className}-frame`] = requestAnimationFrame(() => node.classList.add(className));
  } else {
    node.classList.add(className);
  }
  timers[className] = setTimeout(() => node.classList.remove(className), FLASH_MS);
  flashTimers.set(node, timers);
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

/** Fills `target` with a value rendering: text, plus a colour chip for colour values. */
export function showValue(target, name, value) {
  target.replaceChildren();
  target.dataset.kind = valueKind(value);
  if (looksLikeColour(name, value)) target.append(swatch(value));
  target.append(formatValue(value));
  if (typeof value === "object" && value !== null) target.title = JSON.stringify(value);
  else target.removeAttribute("title");
}
