// One check per declared field, used by the form (before Done) and the canvas (the red "invalid" triangle).

/** The problem with one field's value (and, for typed inputs, its type), or null. */
export function fieldProblem(f, value, type) {
  const label = f.label || f.name;
  const text = value === undefined || value === null ? "" : String(value);
  switch (f.kind) {
    case "number":
      if (text.trim() === "") {
        return f.required ? `${label} is required` : null;
      }
      return Number.isNaN(Number(text)) ? `${label} must be a number` : null;
    case "typed":
      return typedProblem(label, text, type || f.defaultType || "str", f.required);
    case "json":
      return f.required && (value === undefined || (Array.isArray(value) && value.length === 0))
        ? `${label} is required` : null;
    case "boolean":
      return null;
    default:
      return f.required && text.trim() === "" ? `${label} is required` : null;
  }
}

/** A typed input's value checked against its type, as Node-RED's typedInput validates. */
export function typedProblem(label, v, type, required = false) {
  switch (type) {
    case "num":
      return v.trim() === "" || Number.isNaN(Number(v)) ? `${label} must be a number` : null;
    case "json":
      try {
        JSON.parse(v);
        return null;
      } catch (err) {
        return `${label} is not valid JSON: ${err.message}`;
      }
    case "bool":
      return /^(true|false)$/.test(v) ? null : `${label} must be true or false`;
    case "re":
      try {
        new RegExp(v);
        return null;
      } catch (err) {
        return `${label}: ${err.message}`;
      }
    default:
      return required && v === "" && type !== "date" ? `${label} is required` : null;
  }
}

/** Every problem of a node against its declaration (empty for unknown types: they have their own marker). */
export function nodeProblems(node, type) {
  if (!type) {
    return [];
  }
  const out = [];
  for (const f of type.fields) {
    const p = fieldProblem(f, node[f.name], f.typeField ? node[f.typeField] : undefined);
    if (p) {
      out.push(p);
    }
  }
  return out;
}
