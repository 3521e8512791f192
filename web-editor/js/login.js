// The login dialog shown when the admin API answers 401 (settings adminAuth).

import { h, openDialog } from "./dialog.js";

/** Resolves once a token has been obtained. */
export async function login(api) {
  const prompt = await api.loginPrompt();
  if (!prompt || prompt.type !== "credentials") {
    throw new Error("the server asks for a login this editor does not support");
  }
  return new Promise((resolve) => {
    const inputs = {};
    const problem = h("div", { class: "validation", id: "login-problem" });
    const rows = prompt.prompts.map((p) => {
      inputs[p.id] = h("input", { type: p.type === "password" ? "password" : "text", id: "login-" + p.id,
        name: p.id, autocomplete: p.type === "password" ? "current-password" : "username" });
      return h("div", { class: "form-row" }, h("label", { for: "login-" + p.id }, p.id), inputs[p.id]);
    });
    const submit = async () => {
      try {
        await api.login(inputs.username.value, inputs.password.value);
        resolve();
        return true;
      } catch (err) {
        problem.textContent = err.status === 403 ? "wrong username or password" : err.message;
        return false;
      }
    };
    const dlg = openDialog({
      title: "Log in to Redwire",
      id: "login-dialog",
      body: h("div", {}, ...rows, problem),
      buttons: [{ label: "Log in", class: "primary", id: "login-submit", action: submit }],
    });
    dlg.root.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        dlg.root.querySelector("#login-submit").click();
      }
    });
  });
}
