package io.redwire.nodes.sequence;

import io.redwire.testing.SequenceTestKit;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.redwire.testing.SequenceTestKit.DEBUG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchSortTest {
    private static final String SPLIT_TO = "{\"id\":\"split\",\"type\":\"split\",\"splt\":\"\\\\n\",\"spltType\":\"str\","
            + "\"arraySplt\":1,\"arraySpltType\":\"len\",\"stream\":false,\"addname\":\"\",\"property\":\"payload\","
            + "\"wires\":[[\"%s\"]]}";

    private static String batch(String config) {
        return "{\"id\":\"batch\",\"type\":\"batch\",\"interval\":1,\"allowEmptySequence\":false,\"topics\":[]" + config
                + ",\"wires\":[[\"out\"]]}";
    }

    private static String sort(String config) {
        return "{\"id\":\"sort\",\"type\":\"sort\",\"as_num\":false" + config + ",\"wires\":[[\"out\"]]}";
    }

    private static List<Object> facts(List<SequenceTestKit.Out> outs) {
        return outs.stream().map(o -> (Object) List.of(o.payload(), o.parts().get("index"), o.parts().get("count")))
                .toList();
    }

    @Test
    void countBatchesNumberEachGroupAndResetDropsTheRest() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(batch(",\"mode\":\"count\",\"count\":2,\"overlap\":0,"
                + "\"honourParts\":false"))) {
            kit.receive("batch", "{\"payload\":0}", "{\"reset\":true}");
            for (int i = 1; i <= 5; i++) {
                kit.receive("batch", "{\"payload\":" + i + "}");
            }
            List<SequenceTestKit.Out> outs = kit.next(4, 5);
            assertEquals(List.of(List.of(1, 0, 2), List.of(2, 1, 2), List.of(3, 0, 2), List.of(4, 1, 2)), facts(outs));
            assertEquals(outs.get(0).msg().get("_msgid"), outs.get(0).parts().get("id"),
                    "a batch is identified by its first message's _msgid");
            assertNull(kit.poll(0.2), "5 waits for a partner");
        }
    }

    @Test
    void overlapRepeatsTheLastMessagesInTheNextBatch() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(batch(",\"mode\":\"count\",\"count\":3,\"overlap\":1,"
                + "\"honourParts\":false"))) {
            for (int i = 1; i <= 5; i++) {
                kit.receive("batch", "{\"payload\":" + i + "}");
            }
            assertEquals(List.of(List.of(1, 0, 3), List.of(2, 1, 3), List.of(3, 2, 3),
                    List.of(3, 0, 3), List.of(4, 1, 3), List.of(5, 2, 3)), facts(kit.next(6, 5)));
        }
    }

    @Test
    void honourPartsClosesAShortBatchAtTheEndOfASequence() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(SPLIT_TO.formatted("batch"),
                batch(",\"mode\":\"count\",\"count\":2,\"overlap\":0,\"honourParts\":true"))) {
            kit.receive("split", "{\"payload\":[1,2,3]}");
            List<SequenceTestKit.Out> outs = kit.next(3, 5);
            assertEquals(List.of(List.of(1, 0, 2), List.of(2, 1, 2), List.of(3, 0, 1)), facts(outs));
            assertEquals("array", outs.get(2).parts().get("type"), "other parts fields survive");
        }
    }

    @Test
    void intervalBatchesWhatArrivedInEachPeriod() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(batch(",\"mode\":\"interval\",\"interval\":0.3,"
                + "\"count\":10,\"overlap\":0")
                .replace("\"interval\":1,", ""))) {
            kit.receive("batch", "{\"payload\":\"a\"}", "{\"payload\":\"b\"}");
            List<SequenceTestKit.Out> outs = kit.next(2, 5);
            assertEquals(List.of(List.of("a", 0, 2), List.of("b", 1, 2)), facts(outs));
        }
    }

    /** Node-RED's "Concatenate mode" example lists topic SEQ twice: its sequence is sent twice, as one sequence. */
    @Test
    void concatWithATopicListedTwiceSendsItsSequenceTwice() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(SPLIT_TO.formatted("batch"),
                batch(",\"mode\":\"concat\"").replace("\"topics\":[]",
                        "\"topics\":[{\"topic\":\"SEQ\"},{\"topic\":\"SEQ\"}]"))) {
            kit.receive("split", "{\"topic\":\"SEQ\",\"payload\":[1,2,3,4,5]}");
            List<SequenceTestKit.Out> outs = kit.next(10, 5);
            assertEquals(List.of(1, 2, 3, 4, 5, 1, 2, 3, 4, 5), outs.stream().map(SequenceTestKit.Out::payload).toList());
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), outs.stream().map(o -> o.parts().get("index")).toList());
            assertEquals(10, outs.get(9).parts().get("count"));
            kit.receive("split", "{\"topic\":\"SEQ\",\"payload\":[6]}");
            assertEquals(List.of(6, 6), kit.payloads(2, 5), "the next sequence is concatenated on its own");
        }
    }

    @Test
    void sortsAnArrayPropertyByValueNumberOrExpression() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(sort(",\"order\":\"ascending\",\"target\":\"payload\","
                + "\"targetType\":\"msg\",\"msgKey\":\"payload\",\"msgKeyType\":\"elem\""))) {
            kit.receive("sort", "{\"payload\":[\"b\",\"10\",\"a\",\"9\"]}");
            assertEquals(List.of("10", "9", "a", "b"), kit.next(5).payload());
            kit.receive("sort", "{\"payload\":{\"not\":\"an array\"}}", "{\"payload\":[3,1,2]}");
            assertEquals(List.of(1, 2, 3), kit.next(5).payload(), "the non-array message was dropped");
        }
        try (SequenceTestKit kit = SequenceTestKit.withDebug(sort(",\"order\":\"descending\","
                + "\"target\":\"payload\",\"targetType\":\"msg\","
                + "\"msgKey\":\"payload\",\"msgKeyType\":\"elem\"").replace("\"as_num\":false", "\"as_num\":true"))) {
            kit.receive("sort", "{\"payload\":[\"9\",\"10\",\"1\"]}");
            assertEquals(List.of("10", "9", "1"), kit.next(5).payload());
        }
        try (SequenceTestKit kit = SequenceTestKit.withDebug(sort(",\"order\":\"ascending\",\"target\":\"payload\","
                + "\"targetType\":\"msg\",\"msgKey\":\"age\",\"msgKeyType\":\"jsonata\""))) {
            kit.receive("sort", "{\"payload\":[{\"n\":\"a\",\"age\":30},{\"n\":\"b\",\"age\":5}]}");
            assertEquals(List.of(Map.of("n", "b", "age", 5), Map.of("n", "a", "age", 30)), kit.next(5).payload());
        }
    }

    @Test
    void sortsASequenceAndRenumbersParts() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(SPLIT_TO.formatted("sort"),
                sort(",\"order\":\"descending\",\"target\":\"\","
                + "\"targetType\":\"seq\",\"seqKey\":\"payload.age\",\"seqKeyType\":\"jsonata\""))) {
            kit.receive("split", "{\"payload\":[{\"age\":30},{\"age\":5},{\"age\":41}]}");
            List<SequenceTestKit.Out> outs = kit.next(3, 5);
            assertEquals(List.of(Map.of("age", 41), Map.of("age", 30), Map.of("age", 5)),
                    outs.stream().map(SequenceTestKit.Out::payload).toList());
            assertEquals(List.of(0, 1, 2), outs.stream().map(o -> o.parts().get("index")).toList());
        }
        try (SequenceTestKit kit = SequenceTestKit.withDebug(SPLIT_TO.formatted("sort"),
                sort(",\"order\":\"ascending\",\"target\":\"\","
                + "\"targetType\":\"seq\",\"seqKey\":\"payload\",\"seqKeyType\":\"msg\""))) {
            kit.receive("sort", "{\"payload\":1}");
            kit.receive("split", "{\"payload\":[\"c\",\"a\",\"b\"]}");
            List<Object> sorted = kit.payloads(3, 5);
            assertEquals(List.of("a", "b", "c"), sorted, "a message without parts is dropped, the sequence sorted");
        }
    }

    /** Node-RED's "Sort message sequence" example: a JSONata seqKey that is no property path deploys and sorts. */
    @Test
    void sortsASequenceByAJsonataKeyThatIsNoPropertyPath() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(SPLIT_TO.formatted("sort"),
                sort(",\"order\":\"ascending\",\"target\":\"\",\"targetType\":\"seq\",\"msgKey\":"
                        + "\"$substring(\\\"0000\\\" & $string(price), -4) & name\",\"msgKeyType\":\"jsonata\","
                        + "\"seqKey\":\"$substring(\\\"0000\\\" & $string(payload.price), -4) & payload.name\","
                        + "\"seqKeyType\":\"jsonata\""))) {
            kit.receive("split", "{\"payload\":[{\"name\":\"orange\",\"price\":100},{\"name\":\"banana\","
                    + "\"price\":200},{\"name\":\"apple\",\"price\":100},{\"name\":\"pear\",\"price\":200},"
                    + "{\"name\":\"kiwi\",\"price\":200}]}");
            List<Object> names = kit.payloads(5, 5).stream().map(p -> (Object) ((Map<?, ?>) p).get("name")).toList();
            assertEquals(List.of("apple", "orange", "banana", "kiwi", "pear"), names);
        }
    }

    @Test
    void invalidCountAndOverlapRefuseTheDeploy() {
        String nodes = "[" + batch(",\"mode\":\"count\",\"count\":2,\"overlap\":2") + "," + DEBUG + "]";
        Exception e = assertThrows(Exception.class, () -> new SequenceTestKit(nodes));
        assertTrue(e.getMessage().contains("Invalid count and overlap"), e.getMessage());
    }
}
