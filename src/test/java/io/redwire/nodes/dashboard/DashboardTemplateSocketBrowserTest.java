package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What Dashboard 2.0 1.31 gives a ui-template's component, in Chromium: {@code props} (the widget's settings),
 * {@code $socket.on('msg-input:' + id)} called with each msg in, {@code $socket.emit('widget-action', id, msg)} and
 * {@code submit} sending from the node, and a {@code <script src>} of the format loaded into the page's head.
 */
class DashboardTemplateSocketBrowserTest {
    private static final String FORMAT = "<template><div><span class=\\\"who\\\">{{ props.name }}</span>"
            + "<span class=\\\"live\\\">{{ live }}</span>"
            + "<button class=\\\"act\\\" @click=\\\"$socket.emit('widget-action', id, {payload: 'pressed'})\\\">go</button>"
            + "<form @submit.prevent=\\\"submit\\\"><input name=\\\"first\\\" value=\\\"Ada\\\"><button class=\\\"sub\\\" type=\\\"submit\\\">s</button></form>"
            + "</div></template>"
            + "<script src=\\\"data:text/javascript,window.rwProbe=(window.rwProbe||0)+1\\\"></script>"
            + "<script>export default { data() { return { live: '' } }, mounted() {"
            + " this.$socket.on('msg-input:' + this.id, (m) => { this.live = 'got ' + m.payload }) } }</script>";

    private static final String FLOW = TestDashboard.flow(TestDashboard.group("g", 6), """
             {"id":"tpl","type":"ui-template","z":"t1","group":"g","name":"my template","templateScope":"local",
              "passthru":false,"format":"%s","wires":[["dbg"]]},
             {"id":"dbg","type":"debug","z":"t1","active":true,"complete":"true","wires":[]}
            """.formatted(FORMAT));

    @Test
    void aTemplatesScriptHasPropsSocketAndSubmit() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            EditorBrowser browser = TestDashboard.open(kit);
            WebDriver d = browser.driver();
            browser.waitFor(By.cssSelector("[data-widget-id='tpl'] .who"), Duration.ofSeconds(30));
            WebDriverWait wait = new WebDriverWait(d, Duration.ofSeconds(10));
            assertEquals("my template", browser.js("return document.querySelector(\"[data-widget-id='tpl'] .who\").textContent"));
            wait.until(x -> Long.valueOf(1).equals(browser.js("return window.rwProbe || 0")));

            kit.receive("tpl", "{\"payload\":\"hello\"}");
            wait.until(x -> "got hello".equals(browser.js("return document.querySelector(\"[data-widget-id='tpl'] .live\").textContent")));

            d.findElement(By.cssSelector("[data-widget-id='tpl'] button.act")).click();
            kit.await("dbg", e -> e.msg() != null && "pressed".equals(e.payload()), 10);
            d.findElement(By.cssSelector("[data-widget-id='tpl'] button.sub")).click();
            FlowKit.Event sub = kit.await("dbg", e -> e.msg() != null && "submit".equals(e.msg().get("topic")), 10);
            assertEquals(Map.of("first", "Ada"), sub.payload());
            assertEquals(Map.of("sourceId", "tpl", "templateId", "tpl"), sub.msg().get("_dashboard"), "as 1.31 marks it");
            assertEquals(1L, browser.js("return document.head.querySelectorAll('script[src^=\"data:\"]').length"));
        }
    }
}
