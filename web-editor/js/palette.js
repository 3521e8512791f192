// The palette: node types from GET /nodes grouped by family; drag one onto the canvas to add it.

export class Palette {
  /** @param onDrop (type, clientX, clientY) => void, called when a type is released over the canvas */
  constructor(container, search, registry, canvas, onDrop) {
    this.container = container;
    this.registry = registry;
    this.canvas = canvas;
    this.onDrop = onDrop;
    this.drag = null;
    search.addEventListener("input", () => this.filter(search.value.trim().toLowerCase()));
    document.addEventListener("mousemove", (e) => this.move(e));
    document.addEventListener("mouseup", (e) => this.release(e));
  }

  render() {
    this.container.replaceChildren();
    for (const [family, all] of this.registry.families()) {
      const types = all.filter((x) => !x.config); // config types: added from the forms of the nodes that use them
      if (types.length === 0) {
        continue;
      }
      const section = document.createElement("div");
      section.className = "palette-family";
      section.dataset.family = family;
      const title = document.createElement("h3");
      title.textContent = family;
      title.addEventListener("click", () => section.classList.toggle("collapsed"));
      section.appendChild(title);
      for (const t of types) {
        const item = document.createElement("div");
        item.className = "palette-node";
        item.dataset.type = t.type;
        const label = this.registry.paletteLabel(t.type);
        item.dataset.search = [t.type, label, family].join(" ").toLowerCase();
        const icon = document.createElement("img");
        icon.className = "palette-icon";
        icon.src = "editor/icons/" + (t.icon || "node") + ".svg";
        icon.alt = "";
        const text = document.createElement("span");
        text.className = "palette-label";
        text.textContent = label;
        item.append(icon, text);
        item.style.background = t.color;
        item.title = `${label} (${t.type}): drag onto the canvas to add one`;
        item.addEventListener("mousedown", (e) => this.start(e, t.type, item));
        section.appendChild(item);
      }
      this.container.appendChild(section);
    }
  }

  /** Matches the palette label, the type id and the category; categories left empty are hidden. */
  filter(text) {
    for (const section of this.container.querySelectorAll(".palette-family")) {
      let shown = 0;
      for (const item of section.querySelectorAll(".palette-node")) {
        item.hidden = text !== "" && !item.dataset.search.includes(text);
        shown += item.hidden ? 0 : 1;
      }
      section.hidden = shown === 0;
      section.classList.toggle("filtered", text !== "");
    }
  }

  start(e, type, item) {
    if (e.button !== 0) {
      return;
    }
    e.preventDefault();
    const ghost = item.cloneNode(true);
    ghost.classList.add("palette-ghost");
    ghost.style.width = item.offsetWidth + "px";
    document.body.appendChild(ghost);
    this.drag = { type, ghost };
    this.move(e);
  }

  move(e) {
    if (this.drag) {
      this.drag.ghost.style.left = e.clientX - 20 + "px";
      this.drag.ghost.style.top = e.clientY - 12 + "px";
    }
  }

  release(e) {
    const d = this.drag;
    if (!d) {
      return;
    }
    this.drag = null;
    d.ghost.remove();
    if (this.canvas.containsClientPoint(e.clientX, e.clientY)) {
      this.onDrop(d.type, e.clientX, e.clientY);
    }
  }
}
