// A group's small edit form: name and Node-RED's group style (outline and fill colour with opacity, label shown,
// its colour and position). Writes the style keys Node-RED writes: stroke, stroke-opacity, fill, fill-opacity,
// label, label-position, color.

import { h, openDialog } from "./dialog.js";
import { LABEL_POSITIONS } from "./groups.js";

const POSITION_NAMES = { nw: "top left", n: "top centre", ne: "top right", sw: "bottom left", s: "bottom centre",
  se: "bottom right" };

/** Opens the form; onDone() after OK changed the group. */
export function openGroupForm(group, onDone) {
  const style = group.style || {};
  const colour = (key, fallback) => h("input", { type: "color", class: "style-swatch", id: `group-${key}`,
    value: /^#[0-9a-f]{6}$/i.test(style[key] || "") ? style[key] : fallback });
  const opacity = (key) => h("input", { type: "number", id: `group-${key}`, min: 0, max: 1, step: 0.1,
    value: style[key] ?? 1, style: "width:70px" });
  const noFill = h("input", { type: "checkbox", id: "group-no-fill", checked: !style.fill || style.fill === "none" });
  const name = h("input", { type: "text", id: "group-name", value: group.name || "" });
  const showLabel = h("input", { type: "checkbox", id: "group-label", checked: style.label !== false });
  const position = h("select", { id: "group-label-position" }, LABEL_POSITIONS.map((p) =>
    h("option", { value: p, selected: (style["label-position"] || "nw") === p ? "selected" : null },
      POSITION_NAMES[p])));
  const strokeOpacity = opacity("stroke-opacity");
  const fillOpacity = opacity("fill-opacity");
  const stroke = colour("stroke", "#999999");
  const fill = colour("fill", "#dddddd");
  const label = colour("color", "#a4a4a4");
  const row = (text, ...controls) => h("div", { class: "form-row" }, h("label", {}, text),
    h("div", { style: "display:flex;gap:8px;align-items:center" }, ...controls));
  openDialog({
    title: "Edit group",
    id: "group-form",
    body: [row("Name", name),
      row("Outline", stroke, "opacity", strokeOpacity),
      row("Fill", fill, "opacity", fillOpacity, h("label", {}, noFill, " none")),
      row("Label", h("label", {}, showLabel, " show"), label, position)],
    buttons: [
      { label: "Cancel", action: () => true },
      { label: "Done", id: "group-form-done", class: "primary", action: () => {
        group.name = name.value;
        group.style = { ...style, stroke: stroke.value, "stroke-opacity": Number(strokeOpacity.value),
          fill: noFill.checked ? "none" : fill.value, "fill-opacity": Number(fillOpacity.value),
          label: showLabel.checked, "label-position": position.value, color: label.value };
        onDone();
      } },
    ],
  });
}
