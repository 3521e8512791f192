package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static io.redwire.nodes.dashboard.ParityMsgs.pointer;
import static io.redwire.nodes.dashboard.ParityMsgs.shape;
import static io.redwire.nodes.dashboard.ParityMsgs.sorted;
import static io.redwire.nodes.dashboard.ParityPage.js;
import static io.redwire.nodes.dashboard.ParityPage.until;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The rest of src/test/resources/parity/dashboard-widgets-flows.json (group "More" and page "Other") in the real
 * Node-RED 5.0.7 + @flowfuse/node-red-dashboard 1.31 and in Redwire, both pages driven in one headless Chromium:
 * ui-event's and ui-control's msgs when the page opens and changes, a button click, a slider moved with the keyboard,
 * dropdown picks (one and several), a file upload; the grid cells (columns x rows) a ui-spacer covers; after injected
 * msgs what the slider, dropdowns, chart (series and points held by ECharts / Chart.js), notification (its text, raw
 * HTML and buttons; then the msgs its dismiss and confirm buttons, its time running out and a msg.show false
 * send), audio source, ui-control (the page and groups
 * shown) and {@code msg.ui_update} / {@code enabled} / {@code visible} / {@code class} (label, disabled, class, shown)
 * give.
 * Audio playback itself is not compared: headless Chromium has no sound device.
 */
class DashboardControlsParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<String> UPDATED = List.of("btn", "inp", "sld", "dd");

    @Test
    void controlsChartsEventsAndUiUpdatesBehaveAsTheRealDashboard() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard-widgets-flows.json"));
        Path file = Files.createTempFile("upload", ".txt");
        Files.writeString(file, "hello file\n");
        try (ParityPair pair = ParityPair.deploy("dash-controls", flow)) {
            List<String> theirs = drive(new RealDashboardPage(), pair.nodeRed().url(""),
                    new DebugStream(pair.theirComms()), file);
            List<String> ours = drive(new RedwireDashboardPage(), pair.redwire().url(""),
                    new DebugStream(pair.ourComms()), file);
            assertEquals(String.join("\n", theirs), String.join("\n", ours));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static List<String> drive(ParityPage page, String base, DebugStream debug, Path file) throws Exception {
        WebDriver d = ParityPair.open(base + "/dashboard/home", page.widget("btn") + " button", WAIT);
        List<String> seen = new ArrayList<>();
        seen.add("opened: event " + event(debug.next("dbgEvt", 20)));
        seen.add("opened: control " + control(debug));
        seen.add("opened: control " + control(debug));

        seen.add("spacer covers " + page.cells("spc"));

        page.in(d, "btn", "button").click();
        Map<?, ?> press = debug.next("dbg", 20);
        seen.add("button: " + shape(press) + " _event " + pointer(press));

        page.moveSlider(d, "sld", 2);
        seen.add("slider: " + shape(debug.next("dbg", 20)) + ", " + shape(debug.next("dbg", 20)));
        seen.add("slider shows " + page.sliderValue("sld"));
        post(base + "/inject/injSld");
        until(d, () -> shown(page::sliderValue, "sld").equals("7"));
        seen.add("slider after inject shows " + page.sliderValue("sld"));

        post(base + "/inject/injDd");
        until(d, () -> shown(page::chosen, "dd").equals("[Blue]"));
        page.pick(d, "dd", "Red");
        seen.add("dropdown: " + shape(debug.next("dbg", 20)) + " shows " + page.chosen("dd"));
        page.pick(d, "ddm", "A");
        seen.add("multiple dropdown: " + shape(debug.next("dbg", 20)));
        page.pick(d, "ddm", "C");
        seen.add("multiple dropdown: " + shape(debug.next("dbg", 20)) + " shows " + page.chosen("ddm"));
        d.findElement(By.tagName("body")).sendKeys(Keys.ESCAPE);

        page.choose(d, "fin", file);
        seen.add("file chosen: " + shape(debug.next("dbg", 3)));
        page.upload(d, "fin");
        seen.add("file uploaded: " + shape(debug.next("dbg", 20)));

        for (String inject : List.of("injC1", "injC2", "injC3")) {
            post(base + "/inject/" + inject);
        }
        until(d, () -> shown(page::chartSeries, "cht").equals("[a:2, b:1]"));
        seen.add("chart " + page.chartSeries("cht"));
        post(base + "/inject/injClr");
        until(d, () -> !shown(page::chartSeries, "cht").contains("a:2"));
        seen.add("chart after [] " + page.chartSeries("cht"));

        post(base + "/inject/injNote");
        until(d, () -> {
            String text = page.notification(d);
            return text != null && !text.isBlank();
        });
        seen.add("notification " + page.notification(d) + " buttons " + page.notificationButtons());
        seen.add("notification passes on " + shape(debug.next("dbg", 20)));
        page.pressNotification("Close");
        seen.add("dismissed: " + shape(debug.next("dbg", 20)));
        until(d, () -> page.notification(d) == null);
        post(base + "/inject/injNote2");
        until(d, () -> "Really?".equals(page.notification(d)));
        seen.add("notification " + page.notification(d) + " bold " + page.notificationHolds("b") + " buttons "
                + page.notificationButtons());
        seen.add("notification passes on " + shape(debug.next("dbg", 20)));
        page.pressNotification("Sure");
        seen.add("confirmed: " + shape(debug.next("dbg", 20)));
        until(d, () -> page.notification(d) == null);
        post(base + "/inject/injNote3"); // displayTime 1 s
        until(d, () -> "Brief".equals(page.notification(d)));
        seen.add("notification " + page.notification(d) + " buttons " + page.notificationButtons());
        seen.add("notification passes on " + shape(debug.next("dbg", 20)));
        seen.add("timed out: " + shape(debug.next("dbg", 20)));
        until(d, () -> page.notification(d) == null);
        post(base + "/inject/injNote4");
        until(d, () -> "Until hidden".equals(page.notification(d)));
        seen.add("notification passes on " + shape(debug.next("dbg", 20)));
        post(base + "/inject/injNoteHide"); // msg.show false, no payload
        seen.add("show false passes on " + shape(debug.next("dbg", 20)));
        seen.add("hidden: " + shape(debug.next("dbg", 20)));
        until(d, () -> page.notification(d) == null);
        post(base + "/inject/injAud");
        until(d, () -> page.in(d, "aud", "audio").getDomAttribute("src").contains("a.mp3"));
        seen.add("audio src " + page.in(d, "aud", "audio").getDomAttribute("src"));

        for (String[] step : new String[][] {{"injGoOther", "Other"}, {"injGoHome", "Home"}}) {
            post(base + "/inject/" + step[0]);
            until(d, () -> shownGroups(page).size() == ("Home".equals(step[1]) ? 2 : 1));
            seen.add(step[0] + ": at " + js("return location.pathname;") + " groups " + shownGroups(page));
            seen.add(step[0] + ": control " + control(debug));
            seen.add(step[0] + ": event " + event(debug.next("dbgEvt", 20)) + ", " + event(debug.next("dbgEvt", 20)));
        }
        for (String[] step : new String[][] {{"injHideMore", "[G]"}, {"injShowMore", "[G, More]"}}) {
            post(base + "/inject/" + step[0]);
            until(d, () -> shownGroups(page).toString().equals(step[1]));
            seen.add(step[0] + ": groups " + shownGroups(page) + " control " + control(debug));
        }

        for (String id : UPDATED) {
            post(base + "/inject/upA_" + id);
        }
        until(d, () -> UPDATED.stream().allMatch(id -> shown(page::disabled, id).equals("true")));
        for (String id : UPDATED) {
            seen.add("ui_update " + id + ": label " + page.label(id) + " disabled " + page.disabled(id)
                    + " class hot " + hasClass(page, id, "hot") + " visible " + visible(page, id));
        }
        post(base + "/inject/upHide");
        until(d, () -> UPDATED.stream().noneMatch(id -> visible(page, id)));
        seen.add("visible false: all hidden");
        return seen;
    }

    /** What a page question answers, as text, or "" while it cannot be answered yet. */
    private static String shown(Question q, String id) {
        try {
            return String.valueOf(q.ask(id));
        } catch (Exception e) {
            return "";
        }
    }

    private interface Question {
        Object ask(String id) throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static List<String> shownGroups(ParityPage page) {
        try {
            return (List<String>) js("return [...document.querySelectorAll(arguments[0])]"
                    + ".filter((g) => g.offsetParent !== null).map((g) => g.innerText.split('\\n')[0].trim());",
                    page.group());
        } catch (Exception e) {
            return List.of();
        }
    }

    private static boolean visible(ParityPage page, String id) {
        try {
            return (Boolean) js("const w = document.querySelector(arguments[0]); return !!w && w.offsetParent !== null;",
                    page.widget(id));
        } catch (Exception e) {
            return true;
        }
    }

    private static boolean hasClass(ParityPage page, String id, String cls) throws Exception {
        return (Boolean) js("return document.querySelector(arguments[0]).classList.contains(arguments[1]);",
                page.widget(id), cls);
    }

    /** ui-control's next msg but "lost" (an earlier page of the same engine going away, at any moment). */
    private static String control(DebugStream debug) throws Exception {
        return ParityMsgs.control(debug, "dbgCtl", List.of("lost"));
    }

    /** A ui-event msg: its topic, its whole payload (keys sorted) and which keys its _client has. */
    private static String event(Map<?, ?> m) {
        if (m == null) {
            return "no msg";
        }
        return "topic=" + m.get("topic") + " payload=" + Json.stringify(sorted(m.get("payload")))
                + " _client=" + (m.get("_client") instanceof Map<?, ?> c ? new TreeSet<>(c.keySet().stream()
                .map(String::valueOf).toList()) : null);
    }
}
