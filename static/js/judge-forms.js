/* Reading and filling the judge's forms, for the phone's queue (static/js/judge-offline.js,
   loaded after this): a hand form's fields as sent, what the judge entered in words, a
   queued hand put back into the form, and the small elements the queue draws. Nothing
   here keeps state; it is all on `window.judgeForms`. */
"use strict";

window.judgeForms = (function () {
  function newSubmission() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function setHidden(target, name, value) {
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

  const shown = (field) => field.name && !["hidden", "submit", "button"].includes(field.type);

  function entered(target) {
    return Array.from(target.elements).some((field) => shown(field) && changed(field));
  }

  function summary(target) {
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

  // The hand as entered, without what changes from one send to the next: two equal keys
  // are the same hand (a preview's settlement is kept with the queued hand only then).
  function handKey(fields) {
    const own = ["csrfmiddlewaretoken", "submission", "version", "action"];
    return JSON.stringify(fields.filter(([name]) => !own.includes(name)));
  }

  function formFields(target) {
    const fields = [];
    for (const [name, value] of new FormData(target)) {
      if (name !== "action") fields.push([name, String(value)]);
    }
    return fields;
  }

  function fieldValue(fields, name) {
    const found = fields.find(([key]) => key === name);
    return found ? found[1] : "";
  }

  // Puts a queued hand's fields back into the form (the blank form first).
  function fill(target, fields) {
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
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(label, action, className = "secondary") {
    const node = element("button", className, label);
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  const number = (value) => (Math.round(value * 100) / 100).toLocaleString(document.documentElement.lang || undefined);
  const signed = (value) => (value > 0 ? "+" : value < 0 ? "−" : "") + number(Math.abs(value));

  return Object.freeze({
    newSubmission, setHidden, shown, entered, summary, handKey, formFields, fieldValue, fill,
    element, button, number, signed,
  });
})();
