/* Reading and filling the judge's forms, for the phone's queue (static/js/judge/): a
   hand form's fields as sent, what the judge entered in words, a queued hand put back
   into the form, and the small elements the queue draws. Nothing here keeps state. */

export function newSubmission() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function setHidden(target, name, value) {
  const input = target.querySelector(`input[name=${name}]`);
  input.value = value;
  input.setAttribute("value", value);
}

// What the judge entered, in words: the game (the field marked data-head) and each field
// changed from the blank form, with its label.
function changed(field) {
  if (field.tagName === "SELECT" && !field.multiple) {
    // With no option marked selected, a list's first option is its blank state.
    const blank = Math.max(0, Array.from(field.options).findIndex((option) => option.defaultSelected));
    return field.selectedIndex !== blank;
  }
  if (field.tagName === "SELECT") {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

// A list with no option marked selected (the declarer's seat) has no blank state: its
// choice is always part of the hand.
function alwaysChosen(field) {
  return field.tagName === "SELECT" && !Array.from(field.options).some((option) => option.defaultSelected);
}

export const shown = (field) => field.name && !["hidden", "submit", "button"].includes(field.type);

export function entered(target) {
  return Array.from(target.elements).some((field) => shown(field) && changed(field));
}

export function summary(target) {
  const parts = [];
  for (const field of target.elements) {
    if (!shown(field)) continue;
    if (!changed(field) && !alwaysChosen(field) && !field.hasAttribute("data-head")) continue;
    if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
    const value = field.tagName === "SELECT"
      ? Array.from(field.selectedOptions, (option) => option.text).join(", ") : field.value;
    const label = field.id && document.querySelector(`label[for="${field.id}"]`);
    const name = label ? label.textContent.trim().replace(/:$/, "") : field.name;
    // A ticked box or a chosen radio button says it all with its own label.
    parts.push(field.type === "checkbox" || field.type === "radio" ? name : `${name}: ${value}`);
  }
  return parts.join("; ");
}

export function formFields(target) {
  const fields = [];
  for (const [name, value] of new FormData(target)) {
    if (name !== "action") fields.push([name, String(value)]);
  }
  return fields;
}

// ---- the blank hand form's folded parts, drawn when opened (issue 29) ----
// The judge's blank form sends its rarely used parts (the cards, Pagat, Valat, values,
// penalties: most of its elements) as the text of a <noscript class="later">
// (scoring_tags.later), which a browser running scripts keeps as one piece of text: the
// page reloads without building them. A part is drawn when its <details> opens; without
// scripts the browser reads it as part of the form.
function draw(boxes) {
  for (const box of boxes) {
    const parsed = document.createElement("template");
    parsed.innerHTML = box.textContent;
    const nodes = Array.from(parsed.content.children);
    box.replaceWith(parsed.content);
    // htmx, once loaded, wires what the part may carry.
    if (window.htmx) nodes.forEach((node) => window.htmx.process(node));
  }
}

// Every part of `target` not drawn yet (a hand put back into the form needs its fields).
function drawAll(target) {
  draw(target.querySelectorAll("noscript.later"));
}

function drawOpened(details) {
  if (!(details instanceof HTMLDetailsElement)) return;
  const boxes = details.querySelectorAll(":scope > noscript.later");
  if (!boxes.length) return;
  draw(boxes);
  // The hand now sends the part's blank fields too: previewed again, the preview is of the
  // hand as it will be saved, and its row shows with its chips at once (capture.js).
  const target = details.closest("form");
  if (target && window.htmx && entered(target)) window.htmx.trigger(target, "change");
}

// Draws a part as its summary is tapped (before it opens: never shown empty), when a
// script opens it, and any already open.
export function drawWhenOpened() {
  document.addEventListener("click", (event) => {
    const summary = event.target instanceof Element && event.target.closest("summary");
    if (summary) drawOpened(summary.parentElement);
  }, true);
  document.addEventListener("toggle", (event) => {
    if (event.target.open) drawOpened(event.target);
  }, true);
  document.querySelectorAll("details[open]").forEach(drawOpened);
}

// Puts a queued hand's fields back into the form (the blank form first).
export function fill(target, fields) {
  drawAll(target);
  target.reset();
  const values = (name) => fields.filter(([key]) => key === name).map(([, value]) => value);
  const seen = {};
  for (const field of target.elements) {
    if (!shown(field)) continue;
    const given = values(field.name);
    if (field.type === "checkbox" || field.type === "radio") {
      field.checked = given.includes(field.value);
    } else if (field.tagName === "SELECT") {
      for (const option of field.options) option.selected = given.includes(option.value);
    } else {
      const index = seen[field.name] || 0;
      seen[field.name] = index + 1;
      if (index < given.length) field.value = given[index];
    }
  }
}

// ---- the page's own elements ----
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label, action, className = "secondary") {
  const node = element("button", className, label);
  node.type = "button";
  node.addEventListener("click", action);
  return node;
}

export const number = (value) => (Math.round(value * 100) / 100).toLocaleString(document.documentElement.lang || undefined);
export const signed = (value) => (value > 0 ? "+" : value < 0 ? "−" : "") + number(Math.abs(value));
