// The checks a field's declaration (GET /nodes) asks for, used by the form (before Done) and the canvas (the red
// "invalid" triangle). The runtime applies the same declarations when it deploys (spi/FieldChecks); a field marked
// `editorOnly` is one Node-RED's runtime takes as it is, so only the editor checks it.

function blank(v) {
  return v === undefined || v === null || v === "";
}

/** The problem with one field's value (and, for typed inputs, its type), or null: its kind, range and options. */
export function fieldProblem(f, value, type) {
  const label = f.label || f.name;
  const text = value === undefined || value === null ? "" : String(value);
  switch (f.kind) {
    case "number":
      if (text.trim() === "") {
        return f.required ? `${label} is required` : null;
      }
      return Number.isNaN(Number(text)) ? `${label} must be a number` : rangeProblem(f, label, text);
    case "typed":
      return typedProblem(label, text, type || f.defaultType || "str", f.required);
    case "json":
      return f.required && (value === undefined || (Array.isArray(value) && value.length === 0))
        ? `${label} is required` : null;
    case "rows":
      return rowCountProblem(f, label, Array.isArray(value) ? value.length
        : value && typeof value === "object" ? Object.keys(value).length : 0);
    case "boolean":
      return null;
    default:
      if (text.trim() === "") {
        return f.required ? `${label} is required` : null;
      }
      if (f.optionsOnly && !(f.options || []).includes(text)) {
        return `${label} must be one of ${f.options.join(", ")}`;
      }
      return rangeProblem(f, label, text);
  }
}

function rangeProblem(f, label, text) {
  const r = f.range;
  if (!r || text.trim() === "") {
    return null;
  }
  const n = Number(text);
  const bounded = r.max !== undefined;
  const ok = !Number.isNaN(n) && n >= r.min && (!bounded || n <= r.max) && (!r.integer || Number.isInteger(n));
  const kind = r.integer ? "a whole number" : "a number";
  return ok ? null : `${label} must be ${kind} ${bounded ? `from ${r.min} to ${r.max}` : `of at least ${r.min}`}`;
}

function rowCountProblem(f, label, count) {
  const min = Math.max(f.minRows || 0, f.required ? 1 : 0);
  if (count < min) {
    return `${label} needs at least ${min === 1 ? "one row" : `${min} rows`}`;
  }
  return f.maxRows !== undefined && count > f.maxRows
    ? `${label} takes at most ${f.maxRows === 1 ? "one row" : `${f.maxRows} rows`}` : null;
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

/**
 * Every named field (`valueOf(name)`, a left-out one as its declared default) has one of the listed values: the
 * declaration's shownWhen and requiredWhen conditions.
 */
export function holds(when, fields, valueOf) {
  return Object.entries(when || {}).every(([other, values]) => {
    let v = valueOf(other);
    if (v === undefined) {
      const sibling = fields.find((s) => s.name === other);
      v = sibling ? sibling.default : undefined;
    }
    return values.includes(v === undefined || v === null ? "" : String(v));
  });
}

/** Whether the field is read now: its shownWhen holds and, when only some modes require it, one of them is on. */
export function inUse(f, fields, valueOf) {
  return holds(f.shownWhen, fields, valueOf)
    && (!f.requiredWhen || f.requiredWhen.some((r) => holds(r.when, fields, valueOf)));
}

function matches(f, v) {
  return !f.pattern || new RegExp(f.pattern.regex).test(String(v));
}

/** The problem a field has beside its own value: an unmet requiredWhen, a value that misses its pattern. */
export function contextProblem(f, fields, valueOf) {
  const v = valueOf(f.name);
  if (!blank(v) && matches(f, v)) {
    return null;
  }
  const unmet = (f.requiredWhen || []).find((r) => holds(r.when, fields, valueOf));
  if (unmet) {
    return unmet.problem;
  }
  return blank(v) ? null : `${f.label || f.name}: ${f.pattern.problem}`;
}

/** Every problem of one record (a node, or a row of a rows field) against its declared fields. */
function recordProblems(fields, values) {
  const out = [];
  const valueOf = (name) => values[name];
  for (const f of fields) {
    if (!inUse(f, fields, valueOf)) {
      continue;
    }
    const p = contextProblem(f, fields, valueOf)
      || fieldProblem(f, values[f.name], f.typeField ? values[f.typeField] : undefined);
    if (p) {
      out.push(p);
    }
    if (f.kind === "rows" && (Array.isArray(values[f.name]) || f.entries)) {
      out.push(...rowProblems(f, f.entries ? entriesAsRows(f, values[f.name]) : values[f.name]));
    }
  }
  return out;
}

/** An entries field's object as rows ({key sub-field: name, value sub-field: value}), as declared (Field.entries). */
export function entriesAsRows(f, value) {
  const [key, val] = f.row;
  return value && typeof value === "object" && !Array.isArray(value)
    ? Object.entries(value).map(([k, v]) => ({ [key.name]: k, [val.name]: v })) : [];
}

/** The problems of each row, "row 2: ..."; a scalar list's value is its one sub-field's. */
export function rowProblems(f, rows) {
  return rows.flatMap((r, i) => {
    const values = f.scalar ? { [f.row[0].name]: r } : r;
    if (!values || typeof values !== "object") {
      return [`row ${i + 1}: must be an object`];
    }
    return recordProblems(f.row, values).map((p) => `row ${i + 1}: ${p}`);
  });
}

/** Every problem of a node against its declaration (empty for unknown types: they have their own marker). */
export function nodeProblems(node, type) {
  return type ? recordProblems(type.fields, node) : [];
}
