// Starts the editor: login if needed, node types, deployed flows, canvas, palette, sidebar, live comms.

import { Api } from "./api.js";
import { Canvas } from "./canvas.js";
import { CanvasTools } from "./canvastools.js";
import { Clipboard } from "./clipboard.js";
import { ContextPanel } from "./context.js";
import { Comms } from "./comms.js";
import { mountDashboardPanel } from "./dashboard.js";
import { DebugPanel } from "./debug.js";
import { DeployControl } from "./deploy.js";
import { h } from "./dialog.js";
import { addCoreMenuItems, lockable, openContextMenu, toolActions } from "./editormenus.js";
import { openGroupForm } from "./groupform.js";
import { setJsonataEvaluator } from "./exprEditor.js";
import { openNodeForm } from "./form.js";
import { Explorer } from "./explorer.js";
import { InfoPanel } from "./info.js";
import { exportableSet, parseFlows } from "./flowjson.js";
import { openExport, openImport } from "./io.js";
import { bindKeys } from "./keys.js";
import { addLibraryButton, addLibraryMenuItems } from "./library.js";
import { login } from "./login.js";
import { mountMainMenu } from "./menu.js";
import { FlowModel, newId } from "./model.js";
import { notify } from "./notify.js";
import { Palette } from "./palette.js";
import { ZoomControls } from "./navigator.js";
import { Registry } from "./registry.js";
import { openSearch, quickAdd } from "./search.js";
import { selectionToSubflow } from "./subflows.js";
import { SubflowEditing } from "./subflowui.js";
import { Tabs } from "./tabs.js";
import { UserSettings } from "./usersettings.js";

const api = new Api(location.pathname.replace(/\/[^/]*$/, "")); // below settings' httpAdminRoot
const model = new FlowModel();
const $ = (id) => document.getElementById(id);
const userSettings = new UserSettings(); // first: the theme applies before anything is drawn
let registry;
let canvas;
let tabs;
let debug;
let info;
let zoom;
let clipboard;
let subflowEditing;
let explorer;
let context;
let tools;
let actions;
let deployControl;
let autoTab = null; // the empty tab the editor made for an empty workspace; an import replaces it

/** Runs an API call, logging in first when the server asks for it. */
async function authed(call) {
  try {
    return await call();
  } catch (err) {
    if (err.status !== 401) {
      throw err;
    }
    api.setToken(null);
    await login(api);
    return call();
  }
}

function openForm(node) {
  const closed = openNodeForm(node, {
    registry,
    model,
    onDone: () => model.changed(),
    onDelete: (n) => model.remove([n.id]),
    outline: (language, configNode) => authed(() => api.outline(language, configNode)),
    readCredentials: (type, id) => authed(() => api.get(
      `credentials/${encodeURIComponent(type)}/${encodeURIComponent(id)}`)),
  });
  const formRoot = document.querySelector(`[data-node-id="${CSS.escape(node.id)}"]`);
  addLibraryButton(formRoot, registry.get(node.type), api, (text, kind) => notify(text, kind, { timeout: 2000 }));
  subflowEditing.addTemplateButton(formRoot, node, () => formRoot.querySelector("#form-cancel")?.click());
  return closed;
}

/** A click on the button a node's type declares (see NodeType.Button): a press, or a flip of its toggle. */
async function onNodeButton(button, node) {
  if (button.toggle) {
    await switchToggle(node, button, node[button.toggle] === false);
    return;
  }
  try {
    await authed(() => api.post(button.action + "/" + encodeURIComponent(node.id)));
    notify(`${button.title}: ${node.name || node.id}`, "success", { timeout: 1500 });
  } catch (err) {
    notify(err.status === 404 ? `This ${registry.paletteLabel(node.type)} node is not deployed yet: deploy first.`
      : `${button.title} failed: ${err.message}`, "warning");
  }
}

/**
 * Sets a node's declared toggle (debug's output) in the runtime and in the node; a node not deployed yet keeps the
 * change for the next deploy. The debug sidebar mutes what a switched-off node sends. False when refused.
 */
async function switchToggle(node, button, on) {
  try {
    await authed(() => api.post(`${button.action}/${encodeURIComponent(node.id)}/${on ? "enable" : "disable"}`));
  } catch (err) {
    if (err.status !== 404) {
      notify(`Could not switch ${registry.label(node, model)}: ${err.message}`, "error");
      return false;
    }
  }
  node[button.toggle] = on;
  debug.setMuted(node.id, !on);
  canvas.render();
  return true;
}

/** An empty workspace gets one tab (before loading, so it is not an undoable change). */
function withTab(flows) {
  if (!flows.some((w) => w.type === "tab")) {
    const tab = { id: newId(), type: "tab", label: "Flow 1", disabled: false, info: "", env: [] };
    autoTab = tab.id;
    return [tab, ...flows];
  }
  return flows;
}

function refresh() {
  tabs.render();
  explorer?.render();
  subflowEditing?.refresh(tabs.active);
  if (canvas.tab !== tabs.active) {
    canvas.setTab(tabs.active);
  } else {
    canvas.render();
  }
  renderConfigList();
  renderUnknownTypes();
  zoom.redraw();
  showInfo();
}

function showInfo() {
  info.show(canvas.selectedNodes(), canvas.tab);
  if (!$("context-panel").hidden) {
    context.refresh("node");
  }
}

function updateDirty() {
  $("dirty-flag").classList.toggle("dirty", model.dirty);
  $("undo-button").disabled = !model.canUndo();
  $("redo-button").disabled = !model.canRedo();
}

/** The config nodes sidebar: each with how many nodes use it (Node-RED's usage count), unused ones dimmed. */
function renderConfigList() {
  const list = $("config-list");
  const nodes = model.configNodes(registry);
  const uses = new Map(nodes.map((n) => [n.id, 0]));
  for (const n of model.nodes) {
    for (const [key, v] of Object.entries(n)) {
      if (key !== "id" && typeof v === "string" && uses.has(v) && v !== n.id) {
        uses.set(v, uses.get(v) + 1);
      }
    }
  }
  list.replaceChildren(...(nodes.length ? nodes.map((n) => {
    const count = uses.get(n.id);
    return h("div", { class: "config-item" + (count ? "" : " unused"), dataset: { id: n.id, uses: count },
      title: "double-click to edit", ondblclick: () => openForm(n) },
    h("span", { class: "config-label" }, `${registry.paletteLabel(n.type)}: ${n.name || n.id}`),
    h("span", { class: "config-uses", title: count ? `used by ${count} node${count === 1 ? "" : "s"}` : "unused" },
      count ? String(count) : "unused"));
  }) : [h("p", { class: "hint" }, "no config nodes")]));
}

function renderUnknownTypes() {
  const unknown = new Map();
  for (const n of model.nodes) {
    if (registry.isUnknown(n, model)) {
      unknown.set(n.type, (unknown.get(n.type) || 0) + 1);
    }
  }
  const banner = $("unknown-types");
  banner.hidden = unknown.size === 0;
  banner.textContent = unknown.size === 0 ? "" : "⚠ Unknown node types (drawn dashed; a deploy will be refused): "
    + [...unknown].map(([t, c]) => `${t} (${c})`).join(", ");
}

async function importFlows() {
  const nodes = await openImport();
  if (nodes) {
    importNodes(nodes);
  }
}

function importNodes(nodes) {
  const added = model.importNodes(nodes, canvas.tab, autoTab);
  autoTab = null;
  const firstTab = added.find((n) => n.type === "tab");
  if (firstTab) {
    tabs.select(firstTab.id);
  } else {
    tools.follow(added.map((n) => n.id), { toMouse: true }); // onto the current tab: they follow the mouse until a click drops them
  }
  notify(`Imported ${added.length} nodes`, "success", { timeout: 2000 });
}

function onComms(topic, data) {
  if (topic === "debug") {
    debug.add(data);
  } else if (topic.startsWith("status/")) {
    canvas.setStatus(topic.substring(7), data);
  } else if (topic === "notification/runtime-deploy") {
    if (!deployControl.busy && deployControl.rev && data.revision !== deployControl.rev) {
      notify("The flows were deployed from elsewhere; reload the page to see them.", "warning", { timeout: 0 });
    }
  } else if (topic === "comms/auth-failed") {
    notify("Live updates need a new login; reload the page.", "warning", { timeout: 0 });
  }
}

function showPanel(id) {
  document.querySelectorAll(".sidebar-tabs button").forEach((x) => x.classList.toggle("active", x.dataset.panel === id));
  document.querySelectorAll(".sidebar-panel").forEach((p) => { p.hidden = p.id !== id; });
  $("sidebar").hidden = false;
  if (id === "context-panel") {
    context.refreshAll();
  }
  if (id === "explorer-panel") {
    explorer.render();
  }
}

/** The explorer sidebar: its tab and panel join the sidebar's. */
function mountExplorer() {
  const panel = h("section", { id: "explorer-panel", class: "sidebar-panel", hidden: true });
  $("sidebar").appendChild(panel);
  document.querySelector(".sidebar-tabs").appendChild(h("button", { type: "button", dataset: { panel: "explorer-panel" } },
    "explorer"));
  return new Explorer(panel, model, registry, { reveal: (id) => canvas.reveal(id), showTab: (id) => tabs.select(id),
    edit: openForm, visible: () => !panel.hidden });
}

function toSubflow() {
  const made = selectionToSubflow(model, [...canvas.selection], canvas.tab,
    (n) => canvas.geoms.get(n.id) || { w: 100, h: 30 });
  if (made.error) {
    notify(made.error, "error");
    return;
  }
  canvas.selection = new Set([made.instance.id]);
  canvas.refreshSelection();
  showInfo();
}

function switchTab(step) {
  const spaces = model.workspaces();
  const i = spaces.findIndex((w) => w.id === canvas.tab);
  if (spaces.length) {
    tabs.select(spaces[(i + step + spaces.length) % spaces.length].id);
  }
}

/** What the keys of Node-RED's default keymap do here. */
function editorActions() {
  const nudge = (dx, dy) => () => canvas.nudge(dx, dy);
  const nearest = (dx, dy) => () => canvas.selectNearest(dx, dy);
  return {
    search: () => openSearch(model, registry, (id) => canvas.reveal(id)),
    deploy: () => deployControl.deploy(),
    export: () => openExport(model.snapshot(), canvas.tab, [...canvas.selection]),
    import: importFlows,
    "toggle-sidebar": () => { $("sidebar").hidden = !$("sidebar").hidden; },
    "clear-debug": () => debug.clear(),
    "show-config-tab": () => showPanel("config-panel"),
    "show-debug-tab": () => showPanel("debug-panel"),
    "show-info-tab": () => showPanel("info-panel"),
    "show-context-tab": () => showPanel("context-panel"),
    delete: () => canvas.deleteSelection(),
    edit: () => {
      const [node] = canvas.selectedNodes();
      if (node && canvas.selection.size === 1) {
        openForm(node);
      }
    },
    "go-to-selection": () => {
      const [node] = canvas.selectedNodes();
      if (node) {
        canvas.reveal(node.id);
      }
    },
    copy: () => clipboard.viaKey("copy"),
    cut: () => clipboard.viaKey("cut"),
    paste: () => clipboard.viaKey("paste"),
    undo: () => model.undo(),
    redo: () => model.redo(),
    "select-all": () => canvas.selectAll(),
    "convert-to-subflow": toSubflow,
    "select-none": () => canvas.selectNone(),
    "move-up": nudge(0, -1),
    "move-down": nudge(0, 1),
    "move-left": nudge(-1, 0),
    "move-right": nudge(1, 0),
    "step-up": nudge(0, -20),
    "step-down": nudge(0, 20),
    "step-left": nudge(-20, 0),
    "step-right": nudge(20, 0),
    "nearest-up": nearest(0, -1),
    "nearest-down": nearest(0, 1),
    "nearest-left": nearest(-1, 0),
    "nearest-right": nearest(1, 0),
    "previous-tab": () => switchTab(-1),
    "next-tab": () => switchTab(1),
    "zoom-in": () => canvas.zoomIn(),
    "zoom-out": () => canvas.zoomOut(),
    "zoom-reset": () => canvas.zoomReset(),
    "zoom-fit": () => canvas.zoomFit(),
    ...toolActions({ canvas, model, tools, settings: userSettings, actions: () => actions }),
  };
}

async function start() {
  const settings = await authed(() => api.settings());
  if (settings.user) {
    $("user-info").replaceChildren(settings.user.username || "anonymous", " ",
      h("button", { type: "button", id: "logout", onclick: async () => {
        await api.logout();
        location.reload();
      } }, "log out"));
  }
  registry = new Registry(await authed(() => api.nodeTypes()));
  setJsonataEvaluator((expression, msg) => authed(() => api.post("redwire/jsonata", { expression, msg })));
  canvas = new Canvas($("canvas"), model, registry, {
    open: openForm,
    button: onNodeButton,
    showTab: (id) => tabs.select(id),
    selectionChanged: () => {
      if (info) {
        showInfo();
        debug?.applyFilter();
      }
    },
    quickAdd: async (x, y) => {
      const type = await quickAdd(registry, x, y);
      if (type) {
        canvas.addNodeAt(type, x, y);
      }
      canvas.svg.focus();
    },
    contextMenu: (e) => openContextMenu(e, { canvas, model, actions, canPaste: () => !!clipboard.internal }),
    openGroup: (group) => openGroupForm(group, () => model.changed()),
  });
  tools = new CanvasTools(canvas, model, registry, { snap: () => userSettings.get("snapToGrid"),
    grid: () => userSettings.get("gridSize") }, (text, kind) => notify(text, kind, { timeout: 2500 }));
  info = new InfoPanel($("info-panel"), model, registry);
  zoom = new ZoomControls($("canvas-holder"), canvas);
  clipboard = new Clipboard(model, canvas, { notify: (text, kind = "info") => notify(text, kind, { timeout: 1500 }) });
  context = new ContextPanel($("context-panel"), {
    read: (path) => authed(() => api.get(path)),
    remove: (path) => authed(() => api.request("DELETE", path)),
    selectedNodeId: () => (canvas.selection.size === 1 ? canvas.selectedNodes()[0]?.id : null),
    currentTab: () => canvas.tab,
  });
  tabs = new Tabs($("tabs"), model, { select: (id) => {
    canvas.setTab(id);
    subflowEditing?.refresh(id);
    if (!$("context-panel").hidden) {
      context.refresh("flow");
    }
  } });
  const palette = new Palette($("palette-content"), $("palette-search"), registry, canvas,
    (type, x, y) => canvas.addNodeAt(type, x, y));
  palette.render();
  subflowEditing = new SubflowEditing(model, { showTab: (id) => tabs.select(id), toSubflow, palette,
    paletteContainer: $("palette-content"), families: () => [...registry.families().keys()],
    icons: [...new Set([...registry.types.values()].map((t) => t.icon).filter(Boolean)), "subflow"].sort() });
  debug = new DebugPanel($("debug-messages"), $("debug-clear"), $("debug-muted"), {
    toggleNode: (id, on) => {
      const n = model.get(id);
      return n && registry.button(n)?.toggle ? switchToggle(n, registry.button(n), on) : false;
    },
    reveal: (id) => canvas.reveal(id),
    nodeName: (id) => model.get(id)?.name,
    currentTab: () => canvas.tab,
    selectedIds: () => canvas.selection,
  }, $("debug-filter"));
  model.onChange((structural) => {
    updateDirty();
    if (structural) {
      refresh();
    }
  });
  deployControl = new DeployControl($("deploy-button"), $("deploy-menu-button"), {
    api, model, authed, describe: (n) => registry.paletteLabel(n.type) + (n.name ? ` "${n.name}"` : ` ${n.id}`),
    onDeployed: () => {
      model.markDeployed();
      autoTab = null;
      updateDirty();
      canvas.render();
    },
  });
  const deployed = await authed(() => api.flows());
  deployControl.rev = deployed.rev;
  model.load(withTab(deployed.flows));
  refresh();
  for (const n of model.nodes) { // a debug node switched off by its button is muted in the sidebar
    const toggle = registry.button(n)?.toggle;
    if (toggle && n[toggle] === false) {
      debug.setMuted(n.id, true);
    }
  }

  $("import-button").addEventListener("click", importFlows);
  $("export-button").addEventListener("click", () => openExport(model.snapshot(), canvas.tab, [...canvas.selection]));
  $("undo-button").addEventListener("click", () => model.undo());
  $("redo-button").addEventListener("click", () => model.redo());
  $("subflow-button").addEventListener("click", toSubflow);
  $("search-button").addEventListener("click", () => openSearch(model, registry, (id) => canvas.reveal(id)));
  explorer = mountExplorer();
  mountDashboardPanel($("sidebar"), document.querySelector(".sidebar-tabs"), model, registry,
    { reveal: (id) => canvas.reveal(id), edit: openForm });
  for (const b of document.querySelectorAll(".sidebar-tabs button")) {
    b.addEventListener("click", () => showPanel(b.dataset.panel));
  }
  actions = lockable(editorActions(), () => canvas.locked());
  bindKeys(actions);
  addCoreMenuItems(actions);
  addLibraryMenuItems(api, {
    importText: (text) => importNodes(parseFlows(text)),
    exportText: () => JSON.stringify(exportableSet(model.snapshot(),
      canvas.selection.size ? [...canvas.selection] : [canvas.tab])),
    notify: (text, kind) => notify(text, kind, { timeout: 2000 }),
  });
  mountMainMenu($("main-menu-button"));
  window.addEventListener("beforeunload", (e) => {
    if (model.dirty) {
      e.preventDefault();
    }
  });
  new Comms(() => api.token, onComms).connect();
  window.redwire = { model, canvas, registry, clipboard, tools, settings: userSettings, ready: true }; // for scripted checks (tests, console)
  document.body.dataset.ready = "true";
}

start().catch((err) => {
  notify("The editor could not start: " + err.message, "error", { timeout: 0 });
  console.error(err);
});
