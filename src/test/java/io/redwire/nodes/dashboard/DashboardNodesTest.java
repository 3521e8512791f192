package io.redwire.nodes.dashboard;

import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dashboard's socket protocol driven by a real WebSocket client against the engine's HTTP server. */
class DashboardNodesTest {
    static final String FLOW = "[{\"id\":\"base\",\"type\":\"ui-base\",\"name\":\"Test\",\"path\":\"/dashboard\","
            + "\"includeClientData\":true,\"acceptsClientConfig\":[\"ui-notification\",\"ui-control\"]},"
            + "{\"id\":\"page\",\"type\":\"ui-page\",\"name\":\"Home\",\"ui\":\"base\",\"path\":\"/page1\","
            + "\"layout\":\"grid\",\"theme\":\"theme\",\"order\":1},"
            + "{\"id\":\"theme\",\"type\":\"ui-theme\",\"name\":\"T\"},"
            + "{\"id\":\"grp\",\"type\":\"ui-group\",\"name\":\"Controls\",\"page\":\"page\",\"width\":\"6\","
            + "\"height\":\"1\",\"order\":1,\"showTitle\":true},"
            + "{\"id\":\"btn\",\"type\":\"ui-button\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Press\",\"order\":1,"
            + "\"payload\":\"pressed\",\"payloadType\":\"str\",\"topic\":\"btn-topic\",\"topicType\":\"str\","
            + "\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"txt\",\"type\":\"ui-text\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Value\",\"order\":2,"
            + "\"format\":\"{{msg.payload}}\",\"layout\":\"row-spread\",\"value\":\"payload\",\"valueType\":\"msg\"},"
            + "{\"id\":\"inp\",\"type\":\"ui-text-input\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Name\",\"order\":3,"
            + "\"mode\":\"text\",\"topic\":\"topic\",\"topicType\":\"msg\",\"passthru\":true,\"sendOnBlur\":true,"
            + "\"sendOnEnter\":true,\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"sld\",\"type\":\"ui-slider\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Level\",\"order\":4,"
            + "\"min\":0,\"max\":10,\"step\":1,\"outs\":\"all\",\"topic\":\"level\",\"topicType\":\"str\","
            + "\"passthru\":false,\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"sw\",\"type\":\"ui-switch\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Power\",\"order\":5,"
            + "\"passthru\":false,\"decouple\":false,\"topic\":\"power\",\"topicType\":\"str\",\"onvalue\":\"ON\","
            + "\"onvalueType\":\"str\",\"offvalue\":\"OFF\",\"offvalueType\":\"str\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"cht\",\"type\":\"ui-chart\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Load\",\"order\":6,"
            + "\"chartType\":\"line\",\"category\":\"topic\",\"categoryType\":\"msg\",\"xAxisType\":\"time\","
            + "\"action\":\"append\",\"removeOlder\":1,\"removeOlderUnit\":\"3600\",\"removeOlderPoints\":\"\"},"
            + "{\"id\":\"dbg\",\"type\":\"debug\",\"z\":\"t1\",\"complete\":\"true\"}]";

    private static boolean frame(Map<String, Object> f, String type, String id) {
        return type.equals(f.get("type")) && id.equals(f.get("id"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void injectedMsgsReachThePageAndPageEventsLeaveTheWidgetsAsMsgs() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW);
             PageSocket page = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
            Map<String, Object> config = page.await(f -> "config".equals(f.get("type")), 10);
            String socketId = (String) config.get("socketId");
            List<Map<String, Object>> widgets = (List<Map<String, Object>>) config.get("widgets");
            assertEquals(List.of("btn", "txt", "inp", "sld", "sw", "cht"), widgets.stream().map(w -> w.get("id")).toList());
            assertEquals("Home", ((Map<?, ?>) ((List<?>) config.get("pages")).get(0)).get("name"));

            kit.receive("txt", "{\"payload\":\"hello\",\"ui_update\":{\"label\":\"Greeting\"},\"enabled\":false}");
            Map<String, Object> toText = page.await(f -> frame(f, "msg", "txt"), 10);
            assertEquals("hello", ((Map<?, ?>) toText.get("msg")).get("payload"));
            assertEquals(Map.of("label", "Greeting", "enabled", false), toText.get("state"));

            page.send(Map.of("type", "action", "id", "btn", "msg", Map.of("_event", Map.of("type", "click"))));
            FlowKit.Event pressed = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("pressed", pressed.payload());
            assertEquals("btn-topic", pressed.msg().get("topic"));
            assertEquals("click", ((Map<?, ?>) pressed.msg().get("_event")).get("type"));
            assertEquals(socketId, ((Map<?, ?>) pressed.msg().get("_client")).get("socketId"));

            page.send(Map.of("type", "change", "id", "inp", "value", "Ada"));
            FlowKit.Event typed = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("Ada", typed.payload());
            assertEquals("", typed.msg().get("topic")); // topic from msg.topic: none kept yet, so ""

            page.send(Map.of("type", "change", "id", "sld", "value", 7));
            FlowKit.Event slid = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals(7, ((Number) slid.payload()).intValue());
            assertEquals("level", slid.msg().get("topic"));

            page.send(Map.of("type", "change", "id", "sw", "value", true));
            FlowKit.Event switched = kit.await("dbg", e -> e.msg() != null, 10);
            assertEquals("ON", switched.payload());
            assertEquals("power", switched.msg().get("topic"));

            kit.receive("sw", "{\"payload\":\"bogus\"}");
            kit.awaitLog("Invalid payload value", 10);

            kit.receive("cht", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"b\",\"payload\":2}");
            Map<String, Object> point = page.await(f -> frame(f, "msg", "cht"), 10);
            Map<?, ?> datapoint = (Map<?, ?>) ((Map<?, ?>) point.get("msg")).get("_datapoint");
            assertEquals("a", datapoint.get("category"));
            assertEquals(1, ((Number) datapoint.get("y")).intValue());
        }
    }

    @Test
    void aNewlyOpenedPageGetsTheKeptValuesAndChartPoints() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            kit.receive("txt", "{\"payload\":\"kept\"}");
            kit.receive("cht", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"a\",\"payload\":2}",
                    "{\"topic\":\"b\",\"payload\":3}");
            try (PageSocket early = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
                early.await(f -> frame(f, "load", "txt"), 10);
            }
            kit.receive("cht", "{\"payload\":[]}", "{\"topic\":\"c\",\"payload\":9}");
            try (PageSocket page = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
                Map<?, ?> text = (Map<?, ?>) page.await(f -> frame(f, "load", "txt"), 10).get("msg");
                assertEquals("kept", text.get("payload"));
                List<?> points = (List<?>) ((Map<?, ?>) page.await(f -> frame(f, "load", "cht"), 10).get("msg"))
                        .get("_datapoint");
                assertEquals(1, points.size(), "[] cleared the three earlier points: " + points);
                assertEquals("c", ((Map<?, ?>) points.get(0)).get("category"));
            }
        }
    }

    @Test
    void thePageAndItsLibrariesAreServedAtTheBasePath() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW)) {
            for (String path : List.of("/dashboard", "/dashboard/page1")) {
                var page = kit.harness().get(path);
                assertEquals(200, page.statusCode(), path);
                assertTrue(page.body().contains("/dashboard/_rw/app.js"), page.body());
            }
            for (String asset : List.of("vue.js", "chart.js", "app.js", "app.css", "icons.css",
                    "materialdesignicons-webfont.woff2")) {
                var res = kit.harness().get("/dashboard/_rw/" + asset);
                assertEquals(200, res.statusCode(), asset);
                assertTrue(res.body().length() > 1000, asset);
            }
            assertTrue(kit.harness().get("/dashboard/_rw/vue.js").body().contains("compile"), "Vue's template compiler");
            String icons = kit.harness().get("/dashboard/_rw/icons.css").body();
            assertTrue(icons.contains("url(\"materialdesignicons-webfont.woff2?v=7.4.47\")") && !icons.contains("../fonts/"),
                    "the icon font is named beside its stylesheet");
            assertEquals(404, kit.harness().get("/dashboard/_rw/nope.js").statusCode());
        }
    }

    @Test
    void aHostilePageIsCutOffWhileTheOthersKeepTheirUpdates() throws Exception {
        Map<String, Object> settings = Map.of("dashboardMaxFrameBytes", 1024, "dashboardMaxEventsPerSecond", 50);
        try (FlowKit kit = new FlowKit(settings, FLOW);
             PageSocket good = new PageSocket(kit.harness().port(), "/dashboard/_ws");
             PageSocket big = new PageSocket(kit.harness().port(), "/dashboard/_ws");
             PageSocket flood = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
            good.await(f -> "config".equals(f.get("type")), 10);
            big.send(Map.of("type", "change", "id", "inp", "value", "x".repeat(5000)));
            assertEquals(1009, big.closedWith(10));
            kit.awaitLog("frame over dashboardMaxFrameBytes", 10);
            try {
                for (int i = 0; i < 500 && flood.closedWith(0) == null; i++) {
                    flood.sendText("{\"type\":\"noop\",\"id\":\"btn\"}");
                }
            } catch (java.util.concurrent.CompletionException closedWhileSending) {
                // the server cut the flood off mid-way
            }
            assertEquals(1008, flood.closedWith(10));
            kit.receive("txt", "{\"payload\":\"still served\"}");
            Map<?, ?> msg = (Map<?, ?>) good.await(f -> frame(f, "msg", "txt"), 10).get("msg");
            assertEquals("still served", msg.get("payload"));
        }
    }
}
