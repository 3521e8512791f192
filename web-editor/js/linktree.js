// A field listing other nodes by id (declared Field.refersTo: link out's link in targets), edited as Node-RED's link
// node form does: a tree of flows, each with its nodes of the referred type and a checkbox each (a radio when the
// list holds one at most, link call). Done also updates the other end's list (a link in names the link outs that
// send to it), so both ends always agree.

import { h } from "./dialog.js";

/** The editor: {row, validate, apply}; `row(f, control)` draws a form row. */
export function linkTreeEditor(f, node, ctx, row) {
  const { model, registry } = ctx;
  const initial = Array.isArray(node[f.name]) ? node[f.name].map(String) : [];
  const single = f.maxRows === 1;
  const flows = model.workspaces().filter((w) => w.type === "tab" || w.type === "subflow");
  const tree = h("div", { class: "link-tree", id: "field-" + f.name });
  const boxes = [];
  for (const w of flows) {
    const targets = model.nodes.filter((n) => n.z === w.id && n.type === f.nodeRefs.type && n.id !== node.id);
    if (targets.length === 0) {
      continue;
    }
    tree.append(h("div", { class: "link-tree-flow", dataset: { flow: w.id } },
      h("div", { class: "link-tree-flow-name" }, w.type === "subflow" ? `subflow: ${w.name || w.id}` : (w.label || w.id)),
      targets.map((t) => {
        const box = h("input", { type: single ? "radio" : "checkbox", name: "link-tree-" + node.id, value: t.id,
          checked: initial.includes(t.id) });
        boxes.push(box);
        return h("label", { class: "link-tree-node", dataset: { id: t.id } }, box, " ",
          registry.label(t, model), t.name ? "" : h("span", { class: "hint" }, ` ${t.id}`));
      })));
  }
  if (boxes.length === 0) {
    tree.append(h("p", { class: "hint" }, `There is no ${f.nodeRefs.type} node to choose.`));
  }
  // ids the tree cannot show (a node since deleted) are kept, as Node-RED keeps them
  const unseen = initial.filter((id) => !boxes.some((b) => b.value === id) && !model.get(id));
  const chosen = () => [...unseen, ...boxes.filter((b) => b.checked).map((b) => b.value)];
  return {
    row: row(f, tree),
    validate: () => null,
    apply: () => {
      const next = chosen();
      if (JSON.stringify(next) === JSON.stringify(initial)) {
        return false;
      }
      node[f.name] = next;
      const back = f.nodeRefs.back;
      if (back) {
        for (const b of boxes) {
          const other = model.get(b.value);
          const list = Array.isArray(other[back]) ? other[back] : [];
          if (b.checked && !list.includes(node.id)) {
            other[back] = [...list, node.id];
          } else if (!b.checked && list.includes(node.id)) {
            other[back] = list.filter((id) => id !== node.id);
          }
        }
      }
      return true;
    },
  };
}
