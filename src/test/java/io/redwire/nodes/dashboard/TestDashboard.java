package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;
import io.redwire.testing.FlowKit;

import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one-page dashboard the widget browser tests run: a flow of a tab "t1", a ui-base at /dashboard and a grid page
 * "pg" at /p around the test's own groups and nodes, opened in the shared Chromium.
 */
final class TestDashboard {
    private TestDashboard() {
    }

    /** The flow JSON: tab, ui-base, page, then {@code nodes} (each a JSON object). */
    static String flow(String... nodes) {
        return Stream.concat(Stream.of("{\"id\":\"t1\",\"type\":\"tab\"}",
                                "{\"id\":\"b\",\"type\":\"ui-base\",\"name\":\"B\",\"path\":\"/dashboard\"}",
                                "{\"id\":\"pg\",\"type\":\"ui-page\",\"name\":\"P\",\"ui\":\"b\",\"path\":\"/p\",\"layout\":\"grid\"}"),
                        Arrays.stream(nodes))
                .collect(Collectors.joining(",\n", "[", "]"));
    }

    /** A group of the page, {@code width} columns wide. */
    static String group(String id, int width) {
        return "{\"id\":\"" + id + "\",\"type\":\"ui-group\",\"name\":\"" + id + "\",\"page\":\"pg\",\"width\":\""
                + width + "\"}";
    }

    /** The flow's HTTP root, e.g. for its inject buttons. */
    static String base(FlowKit kit) throws Exception {
        return "http://127.0.0.1:" + kit.harness().port();
    }

    /** Opens the page in the shared browser (leaving the editor, if it was open). */
    static EditorBrowser open(FlowKit kit) throws Exception {
        EditorBrowser browser = EditorBrowser.shared();
        browser.leave();
        browser.driver().get(base(kit) + "/dashboard/p");
        return browser;
    }
}
