package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;
import io.redwire.editor.EditorBrowser;
import io.redwire.msg.Json;
import io.redwire.testing.Harness;
import io.redwire.testing.NodeRedPeer;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One flows file in the real Node-RED 5.0.7 + @flowfuse/node-red-dashboard 1.31 and in Redwire, both dashboard pages
 * driven in headless Chromium: the msgs at the debug node (payload and topic) and the text each widget shows after
 * an injected msg must agree. Covers ui-text, ui-text-input and ui-switch so far.
 */
class DashboardNodeRedParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String FLOW = "[{\"id\":\"t1\",\"type\":\"tab\",\"label\":\"t\"},"
            + "{\"id\":\"injT\",\"type\":\"inject\",\"z\":\"t1\",\"props\":[{\"p\":\"payload\"}],\"payload\":\"hello\","
            + "\"payloadType\":\"str\",\"repeat\":\"\",\"once\":false,\"wires\":[[\"txt\"]]},"
            + DashboardNodesTest.FLOW.substring(1);

    /** One engine's side: its page selectors and its /comms debug stream. */
    private record Side(String url, String widget, String textValue, CommsClient comms) {
        String css(String id, String inner) {
            return String.format(widget, id) + " " + inner;
        }
    }

    @Test
    void textTextInputAndSwitchBehaveAsTheRealDashboard() throws Exception {
        try (NodeRedPeer nodeRed = NodeRedPeer.startWith("dash-parity", FLOW);
             Harness redwire = new Harness().deploy(FLOW);
             CommsClient theirComms = subscribed(nodeRed.url(""));
             CommsClient ourComms = subscribed(redwire.url(""))) {
            Side theirs = new Side(nodeRed.url("/dashboard"), "#nrdb-ui-widget-%s", ".nrdb-ui-text-value", theirComms);
            Side ours = new Side(redwire.url("/dashboard"), "[data-widget-id='%s']", ".rw-value", ourComms);
            assertEquals(drive(theirs), drive(ours));
        }
    }

    /** What one engine does: the shown texts and the debug msgs, in order. */
    private static List<String> drive(Side side) throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        WebDriver d = browser.driver();
        browser.leave();
        d.get(side.url());
        browser.waitFor(By.cssSelector(side.css("inp", "input")), WAIT);
        List<String> seen = new ArrayList<>();
        post(side.url().replace("/dashboard", "/inject/injT"));
        new WebDriverWait(d, WAIT).until(x -> "hello".equals(d.findElement(By.cssSelector(side.css("txt",
                side.textValue()))).getText()));
        seen.add("text shows " + d.findElement(By.cssSelector(side.css("txt", side.textValue()))).getText());
        d.findElement(By.cssSelector(side.css("inp", "input"))).sendKeys("Ada", Keys.ENTER);
        seen.add(debug(side.comms()));
        d.findElement(By.cssSelector(side.css("sw", "input"))).click();
        seen.add(debug(side.comms())); // the text input's blur
        seen.add(debug(side.comms()));
        return seen;
    }

    /** The next msg's payload and topic at debug node "dbg" (the other debug nodes' msgs are skipped). */
    static String debug(CommsClient comms) throws Exception {
        Map<?, ?> whole = new DebugStream(comms).next("dbg", 20);
        if (whole == null) {
            return "no debug msg";
        }
        return "debug payload=" + Json.stringify(whole.get("payload")) + " topic=" + Json.stringify(whole.get("topic"));
    }

    static CommsClient subscribed(String base) throws Exception {
        CommsClient c = new CommsClient(base.replace("http:", "ws:") + "/comms");
        c.send("{\"subscribe\":\"debug\"}");
        return c;
    }

    static void post(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
    }
}
