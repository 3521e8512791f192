// The deploy button and the deploy menu beside it, as Node-RED's: Full, Modified Flows or Modified Nodes (the
// chosen mode is remembered in this browser and sent as Node-RED-Deployment-Type), and Restart Flows. The button
// is busy until the runtime answers. A 409 conflict (someone deployed since this workspace loaded) offers to review
// their changes and merge them in, keeping every change of theirs this workspace did not touch, or to overwrite.

import { h, openDialog } from "./dialog.js";
import { openMenu } from "./menu.js";
import { mergeRemote } from "./merge.js";
import { notify } from "./notify.js";

export const DEPLOY_MODES = [
  { id: "full", label: "Full", hint: "stops every node and starts the new flows" },
  { id: "flows", label: "Modified Flows", hint: "restarts only the flows that hold a change" },
  { id: "nodes", label: "Modified Nodes", hint: "restarts only the changed nodes" },
];
const STORAGE_KEY = "redwire.deployMode";

export class DeployControl {
  /**
   * @param ctx {api, model, authed(call), onDeployed(), describe(node) -> text}
   */
  constructor(button, menuButton, ctx) {
    this.button = button;
    this.menuButton = menuButton;
    this.ctx = ctx;
    this.rev = null;
    this.busy = false;
    this.mode = DEPLOY_MODES.some((m) => m.id === localStorage.getItem(STORAGE_KEY))
      ? localStorage.getItem(STORAGE_KEY) : "full";
    button.addEventListener("click", () => this.deploy());
    menuButton.classList.add("menu-toggle");
    menuButton.addEventListener("click", () => this.toggleMenu());
    this.showMode();
  }

  choose(mode) {
    this.mode = mode;
    localStorage.setItem(STORAGE_KEY, mode);
    this.showMode();
  }

  showMode() {
    const m = DEPLOY_MODES.find((x) => x.id === this.mode);
    this.button.dataset.mode = m.id;
    this.button.title = `Deploy: ${m.label} (${m.hint})`;
    this.button.replaceChildren("Deploy", m.id === "full" ? "" : h("span", { class: "deploy-mode" }, m.label));
  }

  toggleMenu() {
    if (document.getElementById("deploy-menu")) {
      document.getElementById("deploy-menu").remove();
      return;
    }
    const items = DEPLOY_MODES.map((m) => ({ id: "deploy-" + m.id, label: (m.id === this.mode ? "✓ " : "\u2003")
      + m.label, onselect: () => this.choose(m.id) }));
    items.push(null, { id: "deploy-restart", label: "\u2003Restart Flows", onselect: () => this.restart() });
    const r = this.menuButton.getBoundingClientRect();
    const menu = openMenu(items, r.right, r.bottom + 2, { id: "deploy-menu" });
    menu.style.left = Math.max(0, r.right - menu.getBoundingClientRect().width) + "px";
  }

  setBusy(on) {
    this.busy = on;
    this.button.disabled = on;
    this.menuButton.disabled = on;
    this.button.classList.toggle("busy", on);
    this.button.setAttribute("aria-busy", on ? "true" : "false");
  }

  async deploy(force = false) {
    if (this.busy) {
      return;
    }
    const { api, model, authed } = this.ctx;
    this.setBusy(true);
    document.getElementById("deploy-result")?.remove();
    let conflict = false;
    try {
      const result = await authed(() => api.deploy(model.snapshot(true), force ? null : this.rev, this.mode));
      this.rev = result.rev;
      this.ctx.onDeployed();
      notify("Deployed", "success", { id: "deploy-result", timeout: 2000 });
    } catch (err) {
      conflict = err.status === 409;
      if (err.status === 400 && err.body.code === "deploy_failed") {
        notify("Deploy refused — the previous flows keep running:", "error",
          { details: err.body.errors || [err.message], timeout: 0, id: "deploy-result" });
      } else if (!conflict) {
        notify("Deploy failed: " + err.message, "error", { timeout: 0, id: "deploy-result" });
      }
    } finally {
      this.setBusy(false);
    }
    if (conflict) {
      await this.resolveConflict();
    }
  }

  async restart() {
    this.setBusy(true);
    try {
      await this.ctx.authed(() => this.ctx.api.restartFlows());
      notify("Flows restarted", "success", { id: "deploy-result", timeout: 2000 });
    } catch (err) {
      notify("Restart failed: " + err.message, "error", { timeout: 0, id: "deploy-result" });
    } finally {
      this.setBusy(false);
    }
  }

  /** The server's flows changed since this workspace loaded them: review, merge, overwrite or cancel. */
  async resolveConflict() {
    const { api, model, authed, describe } = this.ctx;
    const remote = await authed(() => api.flows());
    const merged = mergeRemote(model.deployed, model.nodes, remote.flows);
    const review = h("ul", { class: "deploy-review", hidden: true }, merged.remoteChanges.map((c) =>
      h("li", { dataset: { id: c.id, kind: c.kind } }, `${c.kind}: ${describe(c.node)}`
        + (merged.conflicts.includes(c.id) ? " — also changed here (conflict)" : ""))));
    const body = h("div", {},
      h("p", {}, `Someone deployed ${merged.remoteChanges.length} change(s) since you loaded these flows.`),
      merged.conflicts.length
        ? h("p", { class: "deploy-conflicts" }, `${merged.conflicts.length} node(s) were changed both here and `
          + "there, so they cannot be merged automatically: review them, or overwrite.")
        : h("p", {}, "Merge keeps their changes and yours; then deploy again."), review);
    const dialog = openDialog({
      title: "Deploy conflict", id: "deploy-conflict", body, buttons: [
        { label: "Cancel", id: "conflict-cancel", action: () => true },
        { label: "Review changes", id: "conflict-review", action: () => { review.hidden = !review.hidden; return false; } },
        { label: "Overwrite", id: "conflict-overwrite", class: "danger", action: () => {
          this.rev = remote.rev;
          setTimeout(() => this.deploy(true));
        } },
        { label: "Merge", id: "conflict-merge", class: "primary", action: () => {
          if (merged.conflicts.length) {
            return false;
          }
          model.rebase(merged.nodes, remote.flows);
          this.rev = remote.rev;
          notify("Merged their changes with yours: deploy to run them", "success", { timeout: 4000 });
          return true;
        } },
      ],
    });
    dialog.root.querySelector("#conflict-merge").disabled = merged.conflicts.length > 0;
  }
}
