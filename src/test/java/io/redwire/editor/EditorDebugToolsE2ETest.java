package io.redwire.editor;

import io.redwire.admin.AdminServer;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The debug sidebar's tools: copy path and copy value, pin, pause and resume, in headless Chromium. */
class EditorDebugToolsE2ETest extends EditorBrowserTest {
    private static final String FLOW = EditorBrowser.tabAndInject("debug tools",
            "\"props\":[{\"p\":\"payload\"}],\"payload\":\"{\\\"items\\\":[{\\\"name\\\":\\\"first\\\"},"
                    + "{\\\"name\\\":\\\"second\\\",\\\"tags\\\":[1,2]}],\\\"odd key\\\":true}\",\"payloadType\":\"json\"",
            80, "d1") + """
             {"id":"d1","type":"debug","z":"t1","name":"show","active":true,"tosidebar":true,"complete":"payload",
              "targetType":"msg","x":300,"y":80,"wires":[]}]""";

    private static long messages() {
        return (Long) b.js("return document.querySelectorAll('#debug-messages .debug-message').length");
    }

    /** Hovers over a property of the last message and clicks one of its tools. */
    private static void tool(String path, String button) {
        WebElement tools = b.find("#debug-messages .debug-message:last-child .debug-tools[data-path='" + path + "']");
        WebElement row = tools.findElement(By.xpath(".."));
        b.actions().moveToElement(row).pause(Duration.ofMillis(100))
                .moveToElement(tools.findElement(By.cssSelector(button))).click().perform();
    }

    private static String clipboard() {
        return (String) ((JavascriptExecutor) b.driver()).executeAsyncScript(
                "navigator.clipboard.readText().then(arguments[arguments.length - 1], e => arguments[arguments.length - 1]('ERR ' + e))");
    }

    private static void open(String path) {
        b.click("#debug-messages .debug-message:last-child .debug-tools[data-path='" + path + "']");
    }

    @Test
    void copyPathCopyValuePinAndPause() throws Exception {
        try (AdminServer s = new AdminServer()) {
            assertEquals(204, s.send(Duration.ofSeconds(120), "POST", "/flows", FLOW).statusCode());
            b.open(s.url("/"));
            URI origin = URI.create(s.url("/"));
            ((ChromeDriver) b.driver()).executeCdpCommand("Browser.grantPermissions", Map.of("origin",
                    origin.getScheme() + "://" + origin.getAuthority(),
                    "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
            s.post("/inject/i1", "{}", "content-type", "application/json");
            b.until("the message is listed", () -> messages() == 1);

            // open items and items[1] (a click on the summary's label), then copy the path of items[1].name
            b.find("#debug-messages .debug-message:last-child .debug-tools[data-path='payload.items']")
                    .findElement(By.xpath("../span[@class='k']")).click();
            b.find("#debug-messages .debug-message:last-child .debug-tools[data-path='payload.items[1]']")
                    .findElement(By.xpath("../span[@class='k']")).click();
            tool("payload.items[1].name", ".debug-copy-path");
            b.until("the path is on the clipboard", () -> "payload.items[1].name".equals(clipboard()));
            tool("payload.items[1].name", ".debug-copy-value");
            b.until("the value is on the clipboard", () -> "second".equals(clipboard()));
            tool("payload[\"odd key\"]", ".debug-copy-path");
            b.until("a key that is no identifier is quoted", () -> "payload[\"odd key\"]".equals(clipboard()));
            tool("payload.items[1]", ".debug-copy-value");
            b.until("an object is copied as JSON", () -> clipboard().replaceAll("\\s", "")
                    .equals("{\"name\":\"second\",\"tags\":[1,2]}"));

            // a pinned path is open in the next message of the same debug node
            tool("payload.items[1].tags", ".debug-pin");
            s.post("/inject/i1", "{}", "content-type", "application/json");
            b.until("the second message is listed", () -> messages() == 2);
            assertEquals(Boolean.TRUE, b.js("const t = document.querySelector('#debug-messages .debug-message:last-child"
                    + " .debug-tools[data-path=\"payload.items[1].tags\"]'); return t.closest('details').open"
                    + " && t.closest('details').parentElement.closest('details').open"));

            // pause holds messages back, resume shows them
            b.click("#debug-pause");
            s.post("/inject/i1", "{}", "content-type", "application/json");
            b.until("held while paused", () -> b.find("#debug-pause").getText().equals("resume (1)"));
            assertEquals(2, messages());
            b.click("#debug-pause");
            b.until("shown on resume", () -> messages() == 3);
            assertEquals("pause", b.find("#debug-pause").getText());
            b.click("#debug-clear");
            b.until("cleared", () -> messages() == 0);
        }
    }
}
