package io.redwire.editor;

import io.redwire.admin.AdminServer;
import io.redwire.admin.ContextApiTest;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The context sidebar, the purpose-built forms and subflow creation, in real headless Chromium. */
class EditorSidebarAndFormsE2ETest {
    private static EditorBrowser b;

    @BeforeAll
    static void startBrowser() throws Exception {
        b = EditorBrowser.shared();
    }

    private static void until(String what, java.util.function.BooleanSupplier ok) {
        new WebDriverWait(b.driver(), Duration.ofSeconds(10)).withMessage(what).until(d -> ok.getAsBoolean());
    }

    private static List<String> keys(String section) {
        @SuppressWarnings("unchecked")
        List<String> keys = (List<String>) b.js("return [...document.querySelectorAll(arguments[0])]"
                + ".map(e => e.dataset.key)", "#context-" + section + " .context-entry");
        return keys;
    }

    private static String value(String section, String key) {
        return b.find("#context-" + section + " .context-entry[data-key='" + key + "'] .context-value").getText();
    }

    @Test
    void theContextSidebarShowsRefreshesAndDeletesNodeFlowAndGlobalContext() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assumeTrue(s.server().engine().registry().has("function"));
            assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", ContextApiTest.FLOW).statusCode());
            assertTrue(s.nextDebug(10) != null, "the function node filled its context");
            b.open(s.url("/"));
            b.click("#canvas .node[data-id='f1'] .node-body");
            b.click(".sidebar-tabs button[data-panel='context-panel']");
            until("node context listed", () -> keys("node").equals(List.of("count", "s")));
            assertEquals("3", value("node", "count"));
            assertEquals("hello", value("node", "s"));
            assertEquals("number", b.find("#context-node .context-entry[data-key='count'] .context-format").getText());
            assertEquals(List.of("obj"), keys("flow"));
            assertTrue(value("flow", "obj").contains("a: 1"), value("flow", "obj"));
            assertEquals(List.of("arr", "buf", "n"), keys("global"));
            assertEquals("buffer[2] 6869", value("global", "buf"));
            assertEquals("null", value("global", "n"));

            // a value set after the sidebar was drawn shows on refresh
            s.server().engine().execute(() -> s.server().engine().globalContext().set("later", "set by a test"));
            b.click("#context-global .context-refresh");
            until("refreshed global", () -> keys("global").contains("later"));
            assertEquals("set by a test", value("global", "later"));

            // delete asks once more, then removes the key on the server
            WebElement del = b.find("#context-node .context-entry[data-key='count'] .context-delete");
            b.actions().moveToElement(del).click().perform();
            assertEquals(List.of("count", "s"), keys("node"), "the first click only asks");
            b.actions().moveToElement(del).click().perform();
            until("count deleted", () -> keys("node").equals(List.of("s")));
            assertEquals("{\"memory\":{\"s\":{\"msg\":\"hello\",\"format\":\"string[5]\"}}}",
                    s.get("/context/node/f1").body());

            // selecting another node follows the selection; an empty context says so
            b.click("#canvas .node[data-id='d1'] .node-body");
            until("debug node has no context", () -> keys("node").isEmpty()
                    && b.find("#context-node .context-entries").getText().equals("none"));
            b.screenshot("context-sidebar");
        }
    }
}
