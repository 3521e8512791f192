// Service and method fields of the gRPC and Thrift nodes: lists of what the chosen config node's .proto / .thrift
// declares, compiled by the runtime (POST redwire/idl/:language), with the compiler's error (and line) when the
// definition does not compile. The declaration's idlChoice says which config field holds the definition. A gRPC
// config whose definition comes from server reflection is outlined from the target's answer (502 when it has none).

import { h } from "./dialog.js";

/**
 * The list of a field with `f.idlChoice` ({config, part: "service"|"method"}): {select, control (select + status),
 * initial}. `form` = {body, outlines} is shared by the fields of one form: the method list follows the service
 * chosen in the same form.
 */
export function idlChoice(f, node, ctx, form) {
  const { config, part } = f.idlChoice;
  const initial = node[f.name] === undefined || node[f.name] === null ? "" : String(node[f.name]);
  const select = h("select", { id: "field-" + f.name, name: f.name, dataset: { idlPart: part, idlConfig: config } });
  const status = h("div", { class: "idl-status" });
  let chosen = initial;
  select.addEventListener("change", () => { chosen = select.value; });

  const fill = (entries) => { // entries: [{value, label}]
    const options = f.required ? [] : [{ value: "", label: "(none)" }];
    options.push(...entries);
    if (!options.some((o) => o.value === chosen)) {
      options.push({ value: chosen, label: chosen === "" ? "(none)" : `${chosen} (not in the definition)` });
    }
    select.replaceChildren(...options.map((o) => h("option", { value: o.value }, o.label)));
    select.value = chosen;
  };

  const refresh = async () => {
    const configId = valueOf(form.body, config, node);
    const holder = configId && ctx.model.get(configId);
    const language = holder && ctx.registry.get(holder.type) && ctx.registry.get(holder.type).idl;
    if (!language) {
      status.className = "idl-status";
      status.textContent = `choose a ${config} config node to list its ${part}s`;
      fill([]);
      return;
    }
    try {
      const services = await outlineOf(ctx, form, language, holder);
      status.className = "idl-status";
      status.textContent = "";
      if (part === "service") {
        fill(services.map((s) => ({ value: s.name, label: s.name })));
      } else {
        const service = services.find((s) => s.name === valueOf(form.body, serviceField(form.body, config), node));
        fill(service ? service.methods.map((m) => ({ value: m.name, label: `${m.name} (${m.kind})` })) : []);
      }
    } catch (err) {
      const line = err.body && err.body.line ? `line ${err.body.line}: ` : "";
      status.className = "idl-status idl-error";
      status.textContent = err.body && err.body.code === "idl_unavailable"
        ? `cannot read the definition from the server: ${err.message}`
        : `the ${language === "grpc" ? ".proto" : ".thrift"} does not compile: ${line}${err.message}`;
      fill([]);
    }
  };
  form.body.addEventListener("change", (e) => {
    const id = e.target && e.target.id;
    if (id === "field-" + config || (part === "method" && e.target.dataset.idlPart === "service")) {
      refresh();
    }
  });
  Promise.resolve().then(refresh);
  fill([]);
  return { select, control: h("div", { class: "idl-choice" }, select, status), initial };
}

/** A field's value as the form holds it now, else the node's. */
function valueOf(body, field, node) {
  const control = field && body.querySelector(`#field-${CSS.escape(field)}`);
  return control ? control.value : node[field];
}

function serviceField(body, config) {
  const control = body.querySelector(`select[data-idl-part="service"][data-idl-config="${CSS.escape(config)}"]`);
  return control ? control.name : null;
}

/** One compile per definition text and form: both lists and every refresh share it. */
function outlineOf(ctx, form, language, holder) {
  const key = language + "\n" + JSON.stringify(holder);
  if (!form.outlines.has(key)) {
    form.outlines.set(key, ctx.outline(language, holder).then((r) => r.services));
  }
  return form.outlines.get(key);
}
