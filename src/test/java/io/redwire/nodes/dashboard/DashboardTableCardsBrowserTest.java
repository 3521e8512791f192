package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ui-table's mobile breakpoint in Chromium, as Dashboard 2.0 1.31 decides it: a table no wider than its breakpoint
 * (its own width: "md" in a narrow group, a px width above it) shows each row as a card whose cells carry their
 * column's title; "sm" (1.31's page has no width for it), "none" and a px width below the table's keep the table.
 */
class DashboardTableCardsBrowserTest {
    private static String table(String id, String group, String type, String breakpoint) {
        return "{\"id\":\"" + id + "\",\"type\":\"ui-table\",\"z\":\"t1\",\"group\":\"" + group + "\",\"label\":\"" + id
                + "\",\"mobileBreakpointType\":\"" + type + "\",\"mobileBreakpoint\":\"" + breakpoint
                + "\",\"showSearch\":false,\"wires\":[]}";
    }

    private static final String FLOW = TestDashboard.flow(TestDashboard.group("n", 2), TestDashboard.group("w", 12),
            """
             {"id":"go","type":"inject","z":"t1","props":[{"p":"payload","v":"[{\\"room\\":\\"hall\\",\\"t\\":20}]","vt":"json"}],
              "wires":[["md","sm","none","pxAbove","pxBelow"]]}""",
            table("md", "n", "defaults", "md"), table("sm", "n", "defaults", "sm"), table("none", "n", "none", ""),
            table("pxAbove", "w", "px", "100000"), table("pxBelow", "w", "px", "100"));

    @Test
    void aTableNoWiderThanItsBreakpointShowsRowsAsCards() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            post(TestDashboard.base(kit) + "/inject/go");
            EditorBrowser browser = TestDashboard.open(kit);
            WebDriver d = browser.driver();
            browser.waitFor(By.cssSelector("[data-widget-id='pxBelow'] td"), Duration.ofSeconds(30));
            String shape = "const t = document.querySelector(\"[data-widget-id='\" + arguments[0] + \"'] table\");"
                    + " return [t.classList.contains('rw-table-cards'), getComputedStyle(t.querySelector('thead')).display,"
                    + " [...t.querySelectorAll('tbody td')].map(td => td.textContent)];";
            new WebDriverWait(d, Duration.ofSeconds(10)).until(x -> Boolean.TRUE.equals(
                    ((List<?>) browser.js(shape, "md")).get(0)));
            assertEquals(List.of(true, "none", List.of("roomhall", "t20")), browser.js(shape, "md"));
            assertEquals(List.of(false, "table-header-group", List.of("hall", "20")), browser.js(shape, "sm"));
            assertEquals(List.of(true, "none", List.of("roomhall", "t20")), browser.js(shape, "pxAbove"));
            assertEquals(List.of(false, "table-header-group", List.of("hall", "20")), browser.js(shape, "none"));
            assertEquals(List.of(false, "table-header-group", List.of("hall", "20")), browser.js(shape, "pxBelow"));
        }
    }
}
