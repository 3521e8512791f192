package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.debug;
import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * src/test/resources/parity/dashboard1-flows.json (ui_* nodes) in the real Node-RED 5.0.7 + node-red-dashboard 3.6.6
 * (its AngularJS page at /ui) and in Redwire (the same flow on the Dashboard 2.0 widgets, page at /ui as well), both
 * driven in headless Chromium: the text an injected msg shows, then the button clicked, a name typed and the switch
 * toggled, each msg at the debug node compared (payload and topic). Both dashboards install side by side in one
 * Node-RED user directory without clashing (ui_* and ui-* are different type names, /ui and /dashboard different paths).
 * Not yet compared: ui_numeric and ui_gauge (in the flow, injected, but their DOM is not read yet).
 */
class Dashboard1ParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** One engine's page: how its widgets are found and how its switch is toggled. */
    private record Side(String url, String widget, String switchControl, boolean resendsOnBlur, CommsClient comms) {
        String css(String id, String inner) {
            return String.format(widget, id) + (inner.isEmpty() ? "" : " " + inner);
        }
    }

    @Test
    void buttonTextInputSwitchAndTextBehaveAsNodeRedDashboard1() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard1-flows.json"));
        try (ParityPair pair = ParityPair.deploy("dash1-parity", flow)) {
            // Dashboard 1's switch is the whole md-card (a click anywhere toggles it); Redwire's is its checkbox
            Side theirs = new Side(pair.nodeRed().url("/ui/"), "[node-id='%s']", "", false, pair.theirComms());
            Side ours = new Side(pair.redwire().url("/ui"), "[data-widget-id='%s']", "input", true, pair.ourComms());
            assertEquals(drive(theirs), drive(ours));
        }
    }

    private static List<String> drive(Side side) throws Exception {
        WebDriver d = ParityPair.open(side.url(), side.css("inp", "input"), WAIT);
        String base = side.url().replaceAll("/ui/?$", "");
        post(base + "/inject/injT");
        List<String> seen = new ArrayList<>();
        // the label and the value are laid out differently; what matters is that the value is shown in the widget
        new WebDriverWait(d, WAIT).until(x -> d.findElement(By.cssSelector(side.css("txt", ""))).getText()
                .contains("hello"));
        seen.add("text shows hello");
        d.findElement(By.cssSelector(side.css("btn", "button"))).click();
        seen.add("button: " + debug(side.comms()));
        d.findElement(By.cssSelector(side.css("inp", "input"))).sendKeys("Ada", Keys.ENTER);
        seen.add("text input: " + debug(side.comms()));
        d.findElement(By.cssSelector(side.css("sw", side.switchControl()))).click();
        if (side.resendsOnBlur()) {
            // KNOWN DIFFERENCE, not yet fixed: Dashboard 1 does not resend an unchanged text when the field loses
            // focus; Redwire's ui_text_input runs as Dashboard 2.0's ui-text-input, which does (its sendOnBlur)
            assertEquals("debug payload=\"Ada\" topic=\"name\"", debug(side.comms()), "the blur's repeat");
        }
        seen.add("switch: " + debug(side.comms()));
        return seen;
    }
}
