// The expression editors a typed input's "…" button opens, each in a tray above the form (as Node-RED's do): JSON
// (a code editor, a format button, a parse error with its line and column) and JSONata (a code editor and a test
// panel that evaluates the expression against an example msg with the runtime's own engine, POST /redwire/jsonata).
// jsonArea is the same JSON editor inside a form, for json fields.

import { codeArea } from "./codearea.js";
import { h } from "./dialog.js";
import { openTray } from "./tray.js";

let evaluateJsonata = null;

/** How the JSONata test panel reaches the runtime: fn(expression, msg) → Promise of {result} | {undefined}. */
export function setJsonataEvaluator(fn) {
  evaluateJsonata = fn;
}

/** Why a JSON text does not parse, with the line and column of the fault; null when it does (or is blank). */
export function jsonProblem(text, label = "JSON") {
  if (text.trim() === "") {
    return null;
  }
  try {
    JSON.parse(text);
    return null;
  } catch (err) {
    const at = /position (\d+)/.exec(err.message);
    const message = err.message.replace(/\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+/, "");
    if (!at) {
      return `${label} is not valid JSON: ${message}`;
    }
    const before = text.substring(0, Number(at[1])).split("\n");
    return `${label} is not valid JSON: ${message} (line ${before.length}, column ${before[before.length - 1].length + 1})`;
  }
}

/** A JSON code editor with a format button and the parse error shown as one types. */
export function jsonArea({ id, value, label, minLines = 8 }) {
  const editor = codeArea({ id, value, language: "json", minLines });
  const error = h("div", { class: "json-error validation", id: id + "-error" });
  const check = () => {
    error.textContent = jsonProblem(editor.value(), label) || "";
  };
  const format = h("button", { type: "button", class: "json-format", id: id + "-format",
    title: "indent the JSON", onclick: () => {
      if (!jsonProblem(editor.value())) {
        editor.setValue(editor.value().trim() === "" ? "" : JSON.stringify(JSON.parse(editor.value()), null, 4));
      }
      check();
    } }, "format JSON");
  editor.onChange(check);
  return {
    el: h("div", { class: "json-area" }, h("div", { class: "json-tools" }, format), editor.el, error),
    editor,
    value: () => editor.value(),
    problem: (required = false) => (editor.value().trim() === "" && required ? `${label} is required`
      : jsonProblem(editor.value(), label)),
  };
}

/** Opens the editor for `language` ("json" or "jsonata"); resolves the edited text, or null when cancelled. */
export function openExpressionEditor({ language, value }) {
  return new Promise((resolve) => {
    const jsonata = language === "jsonata";
    const parts = jsonata ? jsonataParts(value) : jsonParts(value);
    openTray({
      title: jsonata ? "JSONata expression editor" : "JSON editor",
      id: "expression-editor",
      tabs: [{ id: "expression", label: "Expression", body: parts.body }],
      onCancel: () => resolve(null),
      buttons: [
        { label: "Cancel", id: "expression-cancel", action: () => resolve(null) },
        { label: "Done", class: "primary", id: "expression-done", action: () => {
          const problem = parts.problem();
          if (problem) {
            return false;
          }
          resolve(parts.value());
          return true;
        } },
      ],
    });
  });
}

function jsonParts(value) {
  let text = value || "";
  if (!jsonProblem(text) && text.trim() !== "") {
    text = JSON.stringify(JSON.parse(text), null, 4);
  }
  const area = jsonArea({ id: "expression-json", value: text, label: "the value", minLines: 16 });
  return { body: area.el, value: area.value, problem: () => area.problem() };
}

function jsonataParts(value) {
  const expression = codeArea({ id: "expression-jsonata", value: value || "", language: null, minLines: 8 });
  const example = jsonArea({ id: "expression-example", value: '{\n    "payload": "hello world",\n    "topic": ""\n}',
    label: "the example message", minLines: 6 });
  const result = h("pre", { class: "expression-result debug-value", id: "expression-result" });
  const test = h("button", { type: "button", id: "expression-test", onclick: async () => {
    result.classList.remove("expression-failed");
    const bad = example.problem(true);
    if (bad) {
      result.textContent = bad;
      result.classList.add("expression-failed");
      return;
    }
    result.textContent = "…";
    try {
      const answer = await evaluateJsonata(expression.value(), JSON.parse(example.value()));
      result.textContent = answer.undefined ? "no result (undefined)" : JSON.stringify(answer.result, null, 2);
    } catch (err) {
      result.textContent = (err.body && err.body.message) || err.message;
      result.classList.add("expression-failed");
    }
  } }, "Test");
  const body = h("div", { class: "expression-jsonata" }, h("label", {}, "Expression"), expression.el,
    h("div", { class: "expression-test" }, h("div", {}, h("label", {}, "Example message"), example.el),
      h("div", {}, h("div", { class: "expression-test-bar" }, h("label", {}, "Result"), test), result)));
  return { body, value: expression.value, problem: () => null };
}
