package io.redwire.nodes.dashboard;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import java.util.List;

/** Dashboard 2.0's page (Vue 3 + Vuetify + ECharts) as {@link ParityPage} reads it. */
final class RealDashboardPage extends ParityPage {
    // the production build has no devtools hooks: the chart component is found by walking the mounted vnodes
    private static final String CHART = "const target = document.querySelector(arguments[0]);"
            + "let found = null;"
            + "const visit = (v) => { if (!v || found) { return; }"
            + "  if (v.component) { const c = v.component; if (c.subTree && c.subTree.el === target) { found = c; return; }"
            + "    visit(c.subTree); return; }"
            + "  if (v.suspense) { visit(v.suspense.activeBranch); }"
            + "  if (Array.isArray(v.children)) { v.children.forEach(visit); } };"
            + "visit(document.querySelector('#app')._vnode);"
            + "if (!found || !found.proxy.chart) { return null; }"
            + "return (found.proxy.chart.getOption().series || []).map((s) => s.name + ':' + s.data.length);";

    RealDashboardPage() {
        super(new Selectors("#nrdb-ui-widget-%s", ".nrdb-ui-group", "[role=slider]",
                ".nrdb-ui-notification.v-snackbar--active .v-snackbar__content",
                ".nrdb-ui-notification.v-snackbar--active .v-snackbar__actions button",
                ".v-btn__content, .v-input__prepend, label.v-label", ".v-btn--disabled, .v-input--disabled"));
    }

    @Override
    String sliderValue(String id) throws Exception {
        return (String) js("return document.querySelector(arguments[0]).getAttribute('aria-valuenow');",
                widget(id) + " [role=slider]");
    }

    @Override
    void pick(WebDriver d, String id, String label) throws Exception {
        WebElement box = in(d, id, "[role=combobox]");
        if (!"true".equals(box.getDomAttribute("aria-expanded"))) {
            in(d, id, ".v-field").click();
        }
        // Vuetify's menu is teleported out of the widget: the combobox names it
        String menu = "#" + box.getDomAttribute("aria-controls") + " [role=option]";
        // the menu fades in: its options have no visible text until it is shown
        until(d, () -> option(d, menu, label) != null);
        option(d, menu, label).click();
    }

    private static WebElement option(WebDriver d, String menu, String label) {
        return d.findElements(By.cssSelector(menu)).stream().filter(o -> o.getText().equals(label)).findFirst()
                .orElse(null);
    }

    @Override
    List<String> chosen(String id) throws Exception {
        return strings("const w = document.querySelector(arguments[0]);"
                + "const chips = [...w.querySelectorAll('.v-combobox__selection')].map((e) => e.innerText.replace(/,$/, '').trim());"
                + "return w.querySelector('.v-combobox--multiple') ? chips"
                + " : [w.querySelector('input').value].filter((v) => v);", widget(id));
    }

    @Override
    void upload(WebDriver d, String id) {
        WebElement send = in(d, id, "button");
        until(d, send::isEnabled);
        // a script click: the dashboard's "ready to work offline" toast may lie over the button
        ((JavascriptExecutor) d).executeScript("arguments[0].click();", send);
    }

    @Override
    List<String> chartSeries(String id) throws Exception {
        return strings(CHART, widget(id) + " .nrdb-ui-chart-container");
    }
}
