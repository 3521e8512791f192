// A code editor for a form: CodeMirror 5 (vendored in web-editor/vendor/codemirror) in the language's mode, or a
// plain text area when CodeMirror is not loaded. Used for function code, templates, JSON and node descriptions.

import { h } from "./dialog.js";

/** CodeMirror's mode for a declared language ("javascript", "json", "markdown", "html", ...); null: plain text. */
const MODES = { javascript: "javascript", json: { name: "javascript", json: true }, markdown: "markdown",
  html: "text/html", handlebars: "text/html", xml: "xml" };

/**
 * Creates an editor. `opts` = {id, value, language, minLines}. Returns {el, cm, value(), setValue(text), focus(),
 * onChange(fn)}: `el` is the holder to place in the form; the CodeMirror wrapper (or the text area) has the id.
 */
export function codeArea({ id, value = "", language = null, minLines = 8 }) {
  const holder = h("div", { class: "code-holder", dataset: { language: language || "" } });
  const mode = MODES[language] || null;
  if (window.CodeMirror) {
    const cm = window.CodeMirror(holder, { value, mode, lineNumbers: true, indentUnit: 4, tabSize: 4,
      lineWrapping: language === "markdown", viewportMargin: Infinity });
    const wrapper = cm.getWrapperElement();
    wrapper.id = id;
    wrapper.codeMirror = cm; // tests and other modules reach the editor through its element
    wrapper.style.minHeight = `${minLines * 1.5}em`;
    // measured once the tray is in the page and again when its tab is shown
    const refresh = () => cm.refresh();
    setTimeout(refresh, 0);
    holder.addEventListener("tray-shown", refresh);
    return { el: holder, cm, value: () => cm.getValue(), setValue: (t) => cm.setValue(t), focus: () => cm.focus(),
      onChange: (fn) => cm.on("change", fn) };
  }
  const area = h("textarea", { id, rows: minLines, spellcheck: "false", class: "code" });
  area.value = value;
  area.addEventListener("keydown", (e) => {
    if (e.key === "Tab") { // a tab character, not a focus change
      e.preventDefault();
      area.setRangeText("    ", area.selectionStart, area.selectionEnd, "end");
    }
  });
  holder.append(area);
  return { el: holder, cm: null, value: () => area.value, setValue: (t) => { area.value = t; },
    focus: () => area.focus(), onChange: (fn) => area.addEventListener("input", fn) };
}
