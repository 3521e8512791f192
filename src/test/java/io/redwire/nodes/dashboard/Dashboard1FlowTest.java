package io.redwire.nodes.dashboard;

import io.redwire.msg.Json;
import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A node-red-dashboard 3.6 flow (ui_* nodes) runs on the Dashboard 2.0 widgets, as the migration guide maps them. */
class Dashboard1FlowTest {
    /** The Dashboard 1 test flow, its tabs, groups and ui_base kept global (FlowKit puts other nodes on its tab). */
    @SuppressWarnings("unchecked")
    static String flow() throws IOException {
        try (InputStream in = Dashboard1FlowTest.class.getResourceAsStream("dashboard1-flow.json")) {
            List<Object> nodes = (List<Object>) Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            nodes.forEach(n -> ((Map<String, Object>) n).putIfAbsent("z", ""));
            return Json.stringify(nodes);
        }
    }

    private static Map<?, ?> byId(Object list, String id) {
        return ((List<?>) list).stream().map(m -> (Map<?, ?>) m).filter(m -> id.equals(m.get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError(id + " not in " + list));
    }

    @Test
    void tabsGroupsAndWidgetsAreServedAtSlashUiAsTheirDashboard2Counterparts() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), flow());
             PageSocket page = new PageSocket(kit.harness().port(), "/ui/_ws")) {
            Map<String, Object> config = page.await(f -> "config".equals(f.get("type"))
                    && ((List<?>) f.get("widgets")).size() == 11, 10);
            assertEquals("Plant Dashboard", config.get("name"));
            Map<?, ?> colors = (Map<?, ?>) ((Map<?, ?>) config.get("theme")).get("colors");
            assertEquals("#8c2d19", colors.get("primary"), "ui_base's edited base colour");
            Map<?, ?> home = byId(config.get("pages"), "tabHome");
            assertEquals("/home-page", home.get("path"));
            assertEquals("flex", home.get("layout"));
            assertEquals(2, ((Number) home.get("order")).intValue());
            Map<?, ?> extra = byId(config.get("groups"), "grpMore");
            assertEquals("tabMore", extra.get("page"));
            assertEquals(false, extra.get("showTitle"), "disp: false");
            assertEquals("ui-button", byId(config.get("widgets"), "btn").get("type"));
            assertEquals("ui-text-input", byId(config.get("widgets"), "inp").get("type"));
            assertEquals(true, byId(config.get("widgets"), "cht").get("showLegend"), "legend: \"true\"");
            assertEquals("ui-number-input", byId(config.get("widgets"), "num").get("type"));
            assertEquals("ui-dropdown", byId(config.get("widgets"), "dd").get("type"));
            Map<?, ?> gauge = byId(config.get("widgets"), "gg");
            assertEquals(List.of("ui-gauge", "gauge-half", "kPa", "", " kPa"), List.of(gauge.get("type"),
                    gauge.get("gtype"), gauge.get("units"), gauge.get("prefix"), gauge.get("suffix")));
            assertEquals(List.of(0, 40, 80), ((List<?>) gauge.get("segments")).stream()
                    .map(x -> ((Number) ((Map<?, ?>) x).get("from")).intValue()).toList(), "from min, seg1, seg2");
            assertEquals(List.of("ng-bind-html", "scope.$watch"), byId(config.get("widgets"), "tplNg").get("angular"));
            assertEquals("ui-template", byId(config.get("widgets"), "tplPlain").get("type"), "plain HTML runs as Vue");

            page.send(Map.of("type", "action", "id", "btn", "msg", Map.of("_event", Map.of("type", "click"))));
            FlowKit.Event pressed = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("pressed", pressed.payload());
            assertEquals("btn-topic", pressed.msg().get("topic"));

            page.send(Map.of("type", "change", "id", "sw", "value", true));
            FlowKit.Event switched = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("ON", switched.payload());
            assertEquals("power", switched.msg().get("topic"));

            kit.receive("txt", "{\"payload\":\"42 kPa\"}");
            assertEquals("42 kPa", ((Map<?, ?>) page.await(f -> "msg".equals(f.get("type"))
                    && "txt".equals(f.get("id")), 10).get("msg")).get("payload"));

            page.send(Map.of("type", "change", "id", "dd", "value", "blue"));
            FlowKit.Event picked = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals(List.of("blue", "colour"), List.of(picked.payload(), picked.msg().get("topic")));

            kit.receive("tplNg", "{\"payload\":\"through\"}");
            assertEquals("through", kit.await("dbg", e -> e.msg() != null, 10).payload(), "fwdInMessages");
        }
    }

    @Test
    void anAngularJsTemplateIsReportedByNameAtStartAndOnItsStatus() throws Exception {
        String withStatusWatch = flow().replaceFirst("]$", ",{\"id\":\"st\",\"type\":\"status\",\"z\":\"d1tab\","
                + "\"scope\":[\"tplNg\"],\"wires\":[[\"sdbg\"]]},{\"id\":\"sdbg\",\"type\":\"debug\",\"z\":\"t1\","
                + "\"complete\":\"true\"}]");
        try (FlowKit kit = new FlowKit(Map.of(), withStatusWatch)) {
            kit.awaitStatus("sdbg", "AngularJS: not shown", 10);
            FlowKit.Event warning = kit.awaitLog("uses AngularJS", 10);
            assertTrue(String.valueOf(warning.text()).contains("'Angular card' (tplNg)"), String.valueOf(warning.text()));
            assertTrue(String.valueOf(warning.text()).contains("ng-bind-html, scope.$watch"), String.valueOf(warning.text()));
        }
    }

    @Test
    void angularJsIsFoundByItsAttributesScopeAndFilters() {
        assertEquals(List.of("ng-repeat", "| number"), Dashboard1Template.angularIn(
                "<li ng-repeat=\"x in msg.payload\">{{x.v | number:2}}</li>"));
        assertEquals(List.of("$scope"), Dashboard1Template.angularIn("<script>$scope.go = 1</script>"));
        assertEquals(List.of(), Dashboard1Template.angularIn("<p>{{msg.payload}} and <b>bold</b></p>"));
    }

    @Test
    void aToastWithoutSendAllShowsOnlyOnThePageItsMsgSocketidNames() throws Exception {
        String flow = """
                [{"id":"b1","type":"ui_base","z":""},
                 {"id":"tab1","type":"ui_tab","z":"","name":"Home","order":1},
                 {"id":"g1","type":"ui_group","z":"","name":"G","tab":"tab1","order":1,"width":6},
                 {"id":"one","type":"ui_toast","z":"","position":"top right","displayTime":"3","sendall":false},
                 {"id":"all","type":"ui_toast","z":"","position":"top right","displayTime":"3","sendall":true},
                 {"id":"t","type":"ui_text","z":"","group":"g1","order":1,"label":"t","format":"{{msg.payload}}"}]
                """;
        try (FlowKit kit = new FlowKit(Map.of(), flow);
             PageSocket a = new PageSocket(kit.harness().port(), "/ui/_ws");
             PageSocket b = new PageSocket(kit.harness().port(), "/ui/_ws")) {
            String pageA = (String) a.layout().get("socketId");
            b.layout();
            kit.receive("one", "{\"payload\":\"for a\",\"socketid\":\"" + pageA + "\"}");
            kit.receive("all", "{\"payload\":\"for all\",\"socketid\":\"" + pageA + "\"}");
            assertEquals("for a", payloadOf(a.await(f -> "msg".equals(f.get("type")) && "one".equals(f.get("id")), 10)));
            // b's frames come in order: the toast for everyone arrives after the one it must not see
            Map<String, Object> first = b.await(f -> "msg".equals(f.get("type")), 10);
            assertEquals(List.of("all", "for all"), List.of(first.get("id"), payloadOf(first)));
            assertEquals("for all", payloadOf(a.await(f -> "msg".equals(f.get("type")) && "all".equals(f.get("id")), 10)));
        }
    }

    /** One tab and group, with every widget that reads msg.socketid, and a text that goes to every page. */
    private static final String ONE_PAGE_FLOW = """
            [{"id":"b1","type":"ui_base","z":""},
             {"id":"tab1","type":"ui_tab","z":"","name":"Home","order":1},
             {"id":"g1","type":"ui_group","z":"","name":"G","tab":"tab1","order":1,"width":6},
             {"id":"g2","type":"ui_group","z":"","name":"H","tab":"tab1","order":2,"width":6},
             {"id":"ctl","type":"ui_ui_control","z":"","events":"all","wires":[["dbg"]]},
             {"id":"aud","type":"ui_audio","z":"","group":"g1"},
             {"id":"tpl","type":"ui_template","z":"","group":"g1","order":2,"format":"<p>{{msg.payload}}</p>",
              "templateScope":"local","fwdInMessages":false},
             {"id":"dd","type":"ui_dropdown","z":"","group":"g1","order":3,"options":[{"label":"A","value":"a"}],
              "place":"Pick one","passthru":false},
             {"id":"t","type":"ui_text","z":"","group":"g1","order":1,"label":"t","format":"{{msg.payload}}"},
             {"id":"dbg","type":"debug","z":"","complete":"true"}]
            """;

    @Test
    void aMsgSocketidSendsUiControlAudioTemplateAndDropdownOptionsToThatPageOnly() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), ONE_PAGE_FLOW);
             PageSocket a = new PageSocket(kit.harness().port(), "/ui/_ws");
             PageSocket b = new PageSocket(kit.harness().port(), "/ui/_ws")) {
            String pageA = (String) a.layout().get("socketId");
            b.layout();
            String forA = ",\"socketid\":\"" + pageA + "\"}";
            kit.receive("ctl", "{\"payload\":{\"group\":{\"hide\":[\"Home_G\"]}}" + forA);
            kit.receive("aud", "{\"payload\":\"say it\"" + forA);
            kit.receive("tpl", "{\"payload\":\"for a\"" + forA);
            kit.receive("dd", "{\"options\":[\"x\",\"y\"]" + forA);
            for (String id : List.of("ctl", "aud", "tpl", "dd")) {
                a.await(f -> "msg".equals(f.get("type")) && id.equals(f.get("id")), 10);
            }
            kit.receive("ctl", "{\"payload\":{\"group\":{\"hide\":[\"Home_H\"]}}}");
            // sent once page a had the four: had b been sent any of them, they would come before this one
            Map<String, Object> first = b.await(f -> "msg".equals(f.get("type")), 10);
            assertEquals("ctl", first.get("id"));
            assertEquals(Map.of("groups", Map.of("g2", Map.of("visible", false))), first.get("state"),
                    "only what the msg for every page changed");
            assertEquals(true, first.get("merge"), "merged into what the page holds: page a keeps G hidden");

            try (PageSocket later = new PageSocket(kit.harness().port(), "/ui/_ws")) {
                // as node-red-dashboard does: the template's msg and the options are kept for pages opened later,
                // what the ui_control hid for page a is not
                Map<Object, Map<String, Object>> loads = new java.util.HashMap<>();
                while (loads.size() < 3) {
                    Map<String, Object> load = later.await(f -> "load".equals(f.get("type"))
                            && List.of("tpl", "dd", "ctl").contains(f.get("id")), 10);
                    loads.put(load.get("id"), load);
                }
                assertEquals("for a", payloadOf(loads.get("tpl")));
                assertEquals(List.of("x", "y"), ((List<?>) ((Map<?, ?>) loads.get("dd").get("state")).get("options"))
                        .stream().map(o -> ((Map<?, ?>) o).get("label")).toList());
                Map<String, Object> control = loads.get("ctl");
                assertEquals(Map.of("g2", Map.of("visible", false)), ((Map<?, ?>) control.get("state")).get("groups"));
            }
        }
    }

    @Test
    void uiControlNamesThePageBySocketidAndSocketipAndSendsAChangesParams() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), ONE_PAGE_FLOW);
             PageSocket page = new PageSocket(kit.harness().port(), "/ui/_ws")) {
            String id = (String) page.layout().get("socketId");
            FlowKit.Event connect = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals(List.of("connect", id, "127.0.0.1"), List.of(connect.payload(), connect.msg().get("socketid"),
                    connect.msg().get("socketip")));
            page.send(Map.of("type", "action", "id", "ctl", "msg", Map.of("payload", "change", "tab", 0, "name", "Home",
                    "params", Map.of("room", "kitchen"))));
            FlowKit.Event change = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals(List.of("change", 0, "Home", Map.of("room", "kitchen"), id, "127.0.0.1"),
                    List.of(change.payload(), change.msg().get("tab"), change.msg().get("name"),
                            change.msg().get("params"), change.msg().get("socketid"), change.msg().get("socketip")));
        }
    }

    /**
     * {@link #ONE_PAGE_FLOW} with a formatted text, toasts (with and without a topic or displayTime, a dialog), a link
     * of each target, an audio
     * speaking on every tab, a second tab and a status node reporting the first audio's status.
     */
    static String drawnFlow() {
        return ONE_PAGE_FLOW.replaceFirst("]\\s*$", """
                ,{"id":"sayAll","type":"ui_audio","z":"","group":"g1","always":true},
                 {"id":"tab2","type":"ui_tab","z":"","name":"Other","order":5},
                 {"id":"g3","type":"ui_group","z":"","name":"O","tab":"tab2","order":1,"width":6},
                 {"id":"o","type":"ui_text","z":"","group":"g3","order":1,"label":"o"}
                ,{"id":"tf","type":"ui_text","z":"","group":"g2","order":1,"label":"Temp {{msg.where.room}}",
                  "format":"now {{msg.payload}} °C in {{ msg.where.room }}"},
                 {"id":"toast","type":"ui_toast","z":"","position":"top right","displayTime":"30","topic":"Heads up"},
                 {"id":"plain","type":"ui_toast","z":"","position":"bottom left","displayTime":"30"},
                 {"id":"quick","type":"ui_toast","z":"","position":"top left","displayTime":""},
                 {"id":"ask","type":"ui_toast","z":"","position":"dialog","ok":"OK","cancel":"No","wires":[["dbg"]]},
                 {"id":"lnk","type":"ui_link","z":"","name":"Docs","link":"https://nodered.org","target":"newtab",
                  "order":2},
                 {"id":"frm","type":"ui_link","z":"","name":"Framed","link":"/ui/framed","target":"iframe","order":3},
                 {"id":"same","type":"ui_link","z":"","name":"Same","link":"/elsewhere","target":"thistab","order":4},
                 {"id":"ddm","type":"ui_dropdown","z":"","group":"g2","order":2,"multiple":true,"place":"Pick some",
                  "options":[{"label":"Red","value":"r","type":"str"},{"label":"Blue","value":"b","type":"str"}],
                  "passthru":false,"wires":[["dbg"]]},
                 {"id":"audStatus","type":"status","z":"","scope":["aud"],"wires":[["audSeen"]]},
                 {"id":"audSeen","type":"debug","z":"","complete":"true"}]""");
    }

    @Test
    void theLayoutTellsThePageDashboard1sPlaceholderFormatToastTitleLinkTargetAndAudiosAlways() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), drawnFlow());
             PageSocket page = new PageSocket(kit.harness().port(), "/ui/_ws")) {
            Map<String, Object> config = page.await(f -> "config".equals(f.get("type"))
                    && ((List<?>) f.get("pages")).size() == 5, 10);
            assertEquals("Pick one", byId(config.get("widgets"), "dd").get("placeholder"));
            assertEquals(true, byId(config.get("widgets"), "tf").get("ngBound"), "its {{…}} texts filled in");
            assertEquals("Heads up", byId(config.get("widgets"), "toast").get("titleTopic"));
            assertEquals("", byId(config.get("widgets"), "plain").get("titleTopic"), "the msg's topic then");
            assertEquals(List.of(false, true), List.of(byId(config.get("widgets"), "aud").get("everyPage"),
                    byId(config.get("widgets"), "sayAll").get("everyPage")), "ui_audio's always");
            assertEquals(List.of("newtab", "iframe"), List.of(byId(config.get("pages"), "lnk").get("target"),
                    byId(config.get("pages"), "frm").get("target")));
        }
    }

    private static Object payloadOf(Map<String, Object> frame) {
        return ((Map<?, ?>) frame.get("msg")).get("payload");
    }
}
