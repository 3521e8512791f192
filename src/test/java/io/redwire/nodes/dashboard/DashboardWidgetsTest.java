package io.redwire.nodes.dashboard;

import io.redwire.testing.FlowKit;

import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The widgets beyond the first six, driven through a real page socket: what the node keeps, sends and tells pages. */
class DashboardWidgetsTest {
    static final String FLOW = "[{\"id\":\"base\",\"type\":\"ui-base\",\"name\":\"W\",\"path\":\"/dashboard\","
            + "\"includeClientData\":true,\"acceptsClientConfig\":[\"ui-notification\",\"ui-control\"]},"
            + "{\"id\":\"page\",\"type\":\"ui-page\",\"name\":\"Home\",\"ui\":\"base\",\"path\":\"/home\",\"order\":1},"
            + "{\"id\":\"page2\",\"type\":\"ui-page\",\"name\":\"Other\",\"ui\":\"base\",\"path\":\"/other\",\"order\":2},"
            + "{\"id\":\"lnk\",\"type\":\"ui-link\",\"name\":\"Docs\",\"ui\":\"base\",\"path\":\"https://example.org\",\"order\":3},"
            + "{\"id\":\"grp\",\"type\":\"ui-group\",\"name\":\"G\",\"page\":\"page\",\"width\":\"6\",\"order\":1},"
            + "{\"id\":\"bg\",\"type\":\"ui-button-group\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"Mode\",\"order\":1,"
            + "\"options\":[{\"label\":\"One\",\"value\":\"1\",\"valueType\":\"num\"},{\"label\":\"Two\",\"value\":\"two\","
            + "\"valueType\":\"str\"}],\"topic\":\"mode\",\"topicType\":\"str\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"num\",\"type\":\"ui-number-input\",\"z\":\"t1\",\"group\":\"grp\",\"label\":\"N\",\"order\":2,"
            + "\"min\":0,\"max\":10,\"step\":1,\"topic\":\"n\",\"topicType\":\"str\",\"passthru\":true,\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"tbl\",\"type\":\"ui-table\",\"z\":\"t1\",\"group\":\"grp\",\"order\":3,\"selectionType\":\"click\","
            + "\"action\":\"append\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"frm\",\"type\":\"ui-form\",\"z\":\"t1\",\"group\":\"grp\",\"order\":4,\"options\":[{\"label\":\"Name\","
            + "\"key\":\"name\",\"type\":\"text\",\"required\":true}],\"topic\":\"topic\",\"topicType\":\"msg\","
            + "\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"gg\",\"type\":\"ui-gauge\",\"z\":\"t1\",\"group\":\"grp\",\"order\":5,\"value\":\"payload.v\","
            + "\"valueType\":\"msg\",\"min\":0,\"max\":10,\"segments\":[{\"from\":0,\"color\":\"#0f0\"}],\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"md\",\"type\":\"ui-markdown\",\"z\":\"t1\",\"group\":\"grp\",\"order\":6,"
            + "\"content\":\"# Title\\n\\nValue: {{ msg.payload || 'none' }}\",\"wires\":[[]]},"
            + "{\"id\":\"fil\",\"type\":\"ui-file-input\",\"z\":\"t1\",\"group\":\"grp\",\"order\":7,\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"tpl\",\"type\":\"ui-template\",\"z\":\"t1\",\"group\":\"grp\",\"order\":8,\"templateScope\":\"local\","
            + "\"format\":\"<template><div class='shown'>{{ msg.payload }}</div>"
            + "<button class='tb' @click=\\\"send({payload: label})\\\">go</button></template>"
            + "<script>export default { data() { return { label: 'from the page' } } }</script>\",\"storeOutMessages\":true,\"passthru\":true,\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"note\",\"type\":\"ui-notification\",\"z\":\"t1\",\"ui\":\"base\",\"position\":\"top right\","
            + "\"displayTime\":\"3\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"ctl\",\"type\":\"ui-control\",\"z\":\"t1\",\"ui\":\"base\",\"events\":\"all\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"evt\",\"type\":\"ui-event\",\"z\":\"t1\",\"ui\":\"base\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"bar\",\"type\":\"ui-chart\",\"z\":\"t1\",\"group\":\"grp\",\"order\":9,\"chartType\":\"bar\","
            + "\"category\":\"topic\",\"categoryType\":\"msg\",\"xAxisType\":\"category\",\"xAxisProperty\":\"name\","
            + "\"xAxisPropertyType\":\"property\",\"yAxisProperty\":\"value\",\"yAxisPropertyType\":\"property\","
            + "\"action\":\"append\",\"wires\":[[]]},"
            + "{\"id\":\"dd\",\"type\":\"ui-dropdown\",\"z\":\"t1\",\"group\":\"grp\",\"order\":10,\"label\":\"Pick\","
            + "\"options\":[{\"label\":\"Red\",\"value\":\"r\"},{\"label\":\"Blue\",\"value\":\"b\"}],"
            + "\"topic\":\"colour\",\"topicType\":\"str\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"rg\",\"type\":\"ui-radio-group\",\"z\":\"t1\",\"group\":\"grp\",\"order\":11,\"columns\":2,"
            + "\"options\":[{\"label\":\"Low\",\"value\":1},{\"label\":\"High\",\"value\":2}],"
            + "\"topic\":\"level\",\"topicType\":\"str\",\"wires\":[[\"dbg\"]]},"
            + "{\"id\":\"pg\",\"type\":\"ui-progress\",\"z\":\"t1\",\"group\":\"grp\",\"order\":12,\"label\":\"Done\"},"
            + "{\"id\":\"dbg\",\"type\":\"debug\",\"z\":\"t1\",\"complete\":\"true\"}]";

    private static boolean frame(Map<String, Object> f, String type, String id) {
        return type.equals(f.get("type")) && id.equals(f.get("id"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void optionsNumbersTablesAndFormsSendWhatDashboard2Sends() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW);
             PageSocket page = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
            Map<String, Object> config = page.await(f -> "config".equals(f.get("type")), 10);
            List<Map<String, Object>> widgets = (List<Map<String, Object>>) config.get("widgets");
            Map<String, Object> bg = widgets.stream().filter(w -> "bg".equals(w.get("id"))).findFirst().orElseThrow();
            assertEquals(1, ((Number) ((Map<?, ?>) ((List<?>) bg.get("options")).get(0)).get("value")).intValue(),
                    "a num option's value is evaluated: " + bg.get("options"));
            assertTrue(((List<Map<String, Object>>) config.get("pages")).stream().anyMatch(p -> "ui-link".equals(
                    p.get("type")) && "https://example.org".equals(p.get("path"))));
            Map<String, Object> md = widgets.stream().filter(w -> "md".equals(w.get("id"))).findFirst().orElseThrow();
            assertEquals("<h1>Title</h1>\n<p>Value: {{ msg.payload || 'none' }}</p>\n", md.get("html"));

            page.send(Map.of("type", "change", "id", "bg", "value", "two"));
            FlowKit.Event chosen = kit.await("dbg", e -> e.msg() != null && "mode".equals(e.msg().get("topic")), 10);
            assertEquals("two", chosen.payload());
            assertEquals("mode", chosen.msg().get("topic"));

            kit.receive("num", "{\"payload\":4}");
            FlowKit.Event passed = kit.await("dbg", e -> e.msg() != null && Integer.valueOf(4).equals(e.payload()), 10);
            assertEquals("n", passed.msg().get("topic"), "the number input adds its topic to a msg passed through");

            kit.receive("tbl", "{\"payload\":[{\"a\":1}]}", "{\"payload\":{\"a\":2}}");
            page.await(f -> frame(f, "msg", "tbl") && ((List<?>) ((Map<?, ?>) f.get("msg")).get("payload")).size() == 2,
                    10);
            page.send(Map.of("type", "action", "id", "tbl", "msg", Map.of("payload", Map.of("a", 2),
                    "action", "row_click")));
            FlowKit.Event row = kit.await("dbg", e -> e.msg() != null && e.msg().containsKey("action"), 10);
            assertEquals(Map.of("a", 2), row.payload());
            assertEquals("row_click", row.msg().get("action"));

            kit.receive("frm", "{\"topic\":\"from-last-msg\",\"payload\":{\"name\":\"x\"}}");
            page.await(f -> frame(f, "msg", "frm"), 10);
            page.send(Map.of("type", "action", "id", "frm", "msg", Map.of("payload", Map.of("name", "Ada"),
                    "_event", "submit")));
            FlowKit.Event submitted = kit.await("dbg", e -> e.msg() != null && "submit".equals(e.msg().get("_event")),
                    10);
            assertEquals(Map.of("name", "Ada"), submitted.payload());
            assertEquals("from-last-msg", submitted.msg().get("topic"), "a submit's topic comes from the last msg in");

            kit.receive("gg", "{\"payload\":{\"v\":7},\"ui_update\":{\"title\":\"Speed\"}}");
            Map<String, Object> gauge = page.await(f -> frame(f, "msg", "gg"), 10);
            assertEquals(7, ((Number) ((Map<?, ?>) gauge.get("msg")).get("payload")).intValue());
            assertEquals("Speed", ((Map<?, ?>) gauge.get("state")).get("label"));
            byte[] file = {1, 2, 3, (byte) 250};
            page.send(Map.of("type", "send", "id", "fil", "msg", Map.of("payloadBase64",
                    Base64.getEncoder().encodeToString(file), "file", Map.of("name", "a.bin", "size", 4))));
            FlowKit.Event uploaded = kit.await("dbg", e -> e.msg() != null && e.msg().containsKey("file"), 10);
            assertArrayEquals(file, (byte[]) uploaded.payload());
            assertEquals("a.bin", ((Map<?, ?>) uploaded.msg().get("file")).get("name"));

            page.send(Map.of("type", "send", "id", "tpl", "msg", Map.of("payload", "from the template")));
            kit.await("dbg", e -> e.msg() != null && "from the template".equals(e.payload()), 10);

            kit.receive("bar", "{\"topic\":\"s\",\"payload\":{\"name\":\"apples\",\"value\":3}}",
                    "{\"topic\":\"s\",\"payload\":{\"name\":\"apples\",\"value\":5}}");
            Map<?, ?> point = (Map<?, ?>) ((Map<?, ?>) page.await(f -> frame(f, "msg", "bar"), 10).get("msg"))
                    .get("_datapoint");
            assertEquals(Map.of("category", "s", "x", "apples", "y", 3), point);
            try (PageSocket later = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
                Map<?, ?> replayedTable = (Map<?, ?>) later.await(f -> frame(f, "load", "tbl"), 10).get("msg");
                assertEquals(List.of(Map.of("a", 1), Map.of("a", 2)), replayedTable.get("payload"));
                List<?> kept = (List<?>) ((Map<?, ?>) later.await(f -> frame(f, "load", "bar"), 10).get("msg"))
                        .get("_datapoint");
                assertEquals(1, kept.size(), "a category axis keeps the latest point of each category: " + kept);
                assertEquals(5, ((Number) ((Map<?, ?>) kept.get(0)).get("y")).intValue());
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void notificationsControlAndEventsReachTheRightPages() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), FLOW);
             PageSocket one = new PageSocket(kit.harness().port(), "/dashboard/_ws");
             PageSocket two = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
            String oneId = (String) one.await(f -> "config".equals(f.get("type")), 10).get("socketId");
            two.await(f -> "config".equals(f.get("type")), 10);
            FlowKit.Event connected = kit.await("dbg", e -> e.msg() != null && "connect".equals(e.payload()), 10);
            assertTrue(connected.msg().get("_client") instanceof Map<?, ?>);
            kit.await("dbg", e -> e.msg() != null && "connect".equals(e.payload()), 10);

            kit.receive("note", "{\"payload\":\"only one\",\"_client\":{\"socketId\":\"" + oneId + "\"}}");
            one.await(f -> frame(f, "msg", "note"), 10);
            kit.receive("note", "{\"payload\":\"everyone\"}");
            Map<String, Object> atTwo = two.await(f -> frame(f, "msg", "note"), 10);
            assertEquals("everyone", ((Map<?, ?>) atTwo.get("msg")).get("payload"), "two never saw 'only one'");
            one.send(Map.of("type", "action", "id", "note", "msg", Map.of("payload", "dismiss_clicked")));
            kit.await("dbg", e -> e.msg() != null && "dismiss_clicked".equals(e.payload()), 10);

            kit.receive("ctl", "{\"payload\":{\"groups\":{\"hide\":[\"Home:G\"]}}}");
            Map<String, Object> hide = one.await(f -> frame(f, "msg", "ctl"), 10);
            assertEquals(List.of("grp"), ((Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) hide.get("msg")).get("payload"))
                    .get("groups")).get("hide"));
            assertEquals(Map.of("grp", Map.of("visible", false)), ((Map<?, ?>) hide.get("state")).get("groups"));
            kit.await("dbg", e -> e.msg() != null && "input".equals(e.payload()), 10);
            kit.receive("ctl", "{\"payload\":\"Nowhere\"}");
            kit.awaitLog("No page with the name 'Nowhere' found", 10);
            kit.receive("ctl", "{\"payload\":\"Other\"}");
            Map<?, ?> nav = (Map<?, ?>) one.await(f -> frame(f, "msg", "ctl"), 10).get("msg");
            assertEquals(Map.of("page", "Other"), nav.get("payload"));

            one.send(Map.of("type", "action", "id", "evt", "msg", Map.of("topic", "$pageview", "payload",
                    Map.of("page", Map.of("name", "Home")))));
            FlowKit.Event view = kit.await("dbg", e -> e.msg() != null && "$pageview".equals(e.msg().get("topic")), 10);
            assertEquals(oneId, ((Map<?, ?>) view.msg().get("_client")).get("socketId"));

            try (PageSocket later = new PageSocket(kit.harness().port(), "/dashboard/_ws")) {
                Map<String, Object> replay = later.await(f -> frame(f, "load", "ctl"), 10);
                assertNull(replay.get("msg"), "a control msg is not replayed: it would navigate a new page");
                assertFalse(((Map<?, ?>) ((Map<?, ?>) replay.get("state")).get("groups")).isEmpty());
            }
            kit.await("dbg", e -> e.msg() != null && "connect".equals(e.payload()), 10);
            kit.await("dbg", e -> e.msg() != null && "lost".equals(e.payload()), 10);
        }
    }
}
