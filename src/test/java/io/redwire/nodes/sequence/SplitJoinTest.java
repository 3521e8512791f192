package io.redwire.nodes.sequence;

import io.redwire.msg.Json;
import io.redwire.testing.SequenceTestKit;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.redwire.testing.SequenceTestKit.DEBUG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SplitJoinTest {

    private static String split(String extra, String wire) {
        return "{\"id\":\"split\",\"type\":\"split\",\"splt\":\"\\\\n\",\"spltType\":\"str\",\"arraySplt\":1,"
                + "\"arraySpltType\":\"len\",\"stream\":false,\"addname\":\"\",\"property\":\"payload\"" + extra
                + ",\"wires\":[[\"" + wire + "\"]]}";
    }

    private static String join(String config) {
        return "{\"id\":\"join\",\"type\":\"join\",\"property\":\"payload\",\"propertyType\":\"msg\",\"key\":\"topic\","
                + "\"joiner\":\"\\\\n\",\"joinerType\":\"str\",\"useparts\":false,\"accumulate\":false,\"timeout\":\"\","
                + "\"count\":\"\",\"reduceRight\":false" + config + ",\"wires\":[[\"out\"]]}";
    }

    /** A join in reduce mode: JSONata {@code exp} folds the sequence from {@code init}, {@code fixup} ends it. */
    private static String reduce(String exp, String init, String initType, String fixup) {
        return join(",\"mode\":\"reduce\",\"reduceExp\":" + Json.stringify(exp) + ",\"reduceInit\":"
                + Json.stringify(init) + ",\"reduceInitType\":\"" + initType + "\",\"reduceFixup\":"
                + Json.stringify(fixup));
    }

    /**
     * Node-RED's "Manual join mode" example with a 2 s timeout fed at 1 msg/s by a delay: Banana is released the
     * moment the timeout falls due, and Node-RED always times out first (see LoopTimers).
     */
    @Test
    void aJoinTimeoutDueWithTheNextRateLimitedMessageFiresFirst() throws Exception {
        String delay = "{\"id\":\"delay\",\"type\":\"delay\",\"pauseType\":\"rate\",\"timeout\":\"1\","
                + "\"timeoutUnits\":\"seconds\",\"rate\":\"1\",\"nbRateUnits\":\"1\",\"rateUnits\":\"second\","
                + "\"randomFirst\":\"1\",\"randomLast\":\"5\",\"randomUnits\":\"seconds\",\"drop\":false,"
                + "\"wires\":[[\"join\"]]}";
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "delay"), delay,
                join(",\"mode\":\"custom\",\"build\":\"string\",\"timeout\":\"2\"").replace("\\\\n", ","))) {
            kit.receive("split", "{\"payload\":\"Apple\\nOrange\\nBanana\\nKiwi\"}");
            assertEquals(List.of("Apple,Orange", "Banana,Kiwi"), kit.payloads(2, 15));
        }
    }

    @Test
    void splitArrayGivesOneMessagePerElementWithParts() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "out"))) {
            kit.receive("split", "{\"payload\":[\"a\",\"b\",\"c\"],\"topic\":\"t\"}");
            List<SequenceTestKit.Out> out = kit.next(3, 5);
            Set<Object> ids = new HashSet<>();
            for (int i = 0; i < 3; i++) {
                Map<String, Object> parts = out.get(i).parts();
                assertEquals(List.of("a", "b", "c").get(i), out.get(i).payload());
                assertEquals(i, parts.get("index"));
                assertEquals(3, parts.get("count"));
                assertEquals("array", parts.get("type"));
                assertEquals(1, parts.get("len"));
                assertTrue(((String) parts.get("id")).matches("[0-9a-f]{16}"), parts.toString());
                assertEquals("t", out.get(i).msg().get("topic"));
                ids.add(out.get(i).msg().get("_msgid"));
            }
            assertEquals(out.get(0).parts().get("id"), out.get(2).parts().get("id"));
            assertEquals(3, ids.size(), "each piece gets its own _msgid");
        }
    }

    @Test
    void autoJoinRebuildsArraysStringsObjectsAndBuffers() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "join"), join(",\"mode\":\"auto\","
                + "\"build\":\"object\""))) {
            kit.receive("split", "{\"payload\":[1,2,3]}");
            SequenceTestKit.Out array = kit.next(5);
            assertEquals(List.of(1, 2, 3), array.payload());
            assertFalse(array.msg().containsKey("parts"), "the join removes msg.parts");

            kit.receive("split", "{\"payload\":\"one\\ntwo\"}");
            assertEquals("one\ntwo", kit.next(5).payload());

            kit.receive("split", "{\"payload\":{\"x\":1,\"y\":[2]}}");
            assertEquals(Map.of("x", 1, "y", List.of(2)), kit.next(5).payload());
        }
    }

    @Test
    void splitStringOnSeparatorKeepsEmptyPiecesAndRecordsTheSeparator() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split(",\"splt\":\",\"", "out")
                .replace("\"splt\":\"\\\\n\",", ""))) {
            kit.receive("split", "{\"payload\":\"a,,b,\"}");
            List<SequenceTestKit.Out> out = kit.next(4, 5);
            assertEquals(List.of("a", "", "b", ""), out.stream().map(SequenceTestKit.Out::payload).toList());
            assertEquals(",", out.get(0).parts().get("ch"));
            assertEquals("string", out.get(0).parts().get("type"));
            assertEquals(4, out.get(3).parts().get("count"));
        }
    }

    @Test
    void splitObjectCopiesKeysToTopic() throws Exception {
        String nodes = "[" + split(",\"addname\":\"topic\"", "out").replace("\"addname\":\"\",", "") + "," + DEBUG
                + "]";
        try (SequenceTestKit kit = new SequenceTestKit(nodes)) {
            kit.receive("split", "{\"payload\":{\"x\":1,\"y\":\"two\"}}");
            List<SequenceTestKit.Out> out = kit.next(2, 5);
            assertEquals("x", out.get(0).msg().get("topic"));
            assertEquals("x", out.get(0).parts().get("key"));
            assertEquals("object", out.get(0).parts().get("type"));
            assertEquals("two", out.get(1).payload());
            assertEquals(1, out.get(1).parts().get("index"));
        }
    }

    @Test
    void splitBufferByFixedLengthAndJoinItBack() throws Exception {
        String splitNode = split("", "join").replace("\"splt\":\"\\\\n\",\"spltType\":\"str\"",
                "\"splt\":\"2\",\"spltType\":\"len\"");
        try (SequenceTestKit kit = SequenceTestKit.withDebug(splitNode, join(",\"mode\":\"auto\","
                + "\"build\":\"object\""))) {
            kit.harness().server().engine().execute(() -> {
                Map<String, Object> msg = new java.util.LinkedHashMap<>();
                msg.put("payload", new byte[] {1, 2, 3, 4, 5});
                kit.harness().server().engine().node("split").receive(msg);
            });
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, (byte[]) kit.next(5).payload());
        }
    }

    @Test
    void splitArrayIntoChunksCollectedByManualArrayJoin() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(
                split(",\"arraySplt\":2", "join").replace("\"arraySplt\":1,", ""),
                join(",\"mode\":\"custom\",\"build\":\"array\",\"count\":\"3\",\"timeout\":\"1\"")
                        .replace("\"timeout\":\"\",\"count\":\"\",", ""))) {
            kit.receive("split", "{\"payload\":[1,2,3,4,5]}");
            assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5)), kit.next(5).payload());
        }
    }

    @Test
    void manualKeyValueJoinSendsWhatArrivedWhenTheTimeoutExpires() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(join(",\"mode\":\"custom\",\"build\":\"object\","
                + "\"count\":\"5\",\"timeout\":\"0.3\"")
                .replace("\"timeout\":\"\",\"count\":\"\",", ""))) {
            long t0 = kit.elapsedMs();
            kit.receive("join", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"b\",\"payload\":\"x\"}",
                    "{\"topic\":\"a\",\"payload\":2}");
            SequenceTestKit.Out out = kit.next(5);
            assertEquals(Map.of("a", 2, "b", "x"), out.payload());
            assertEquals("a", out.msg().get("topic"), "the last message's properties win");
            long waited = out.atMs() - t0;
            assertTrue(waited >= 250 && waited < 2000, "timeout honoured: " + waited + " ms");
        }
    }

    @Test
    void manualStringJoinCompletesOnCountAndOnMsgComplete() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(join(",\"mode\":\"custom\",\"build\":\"string\","
                + "\"count\":\"3\",\"joiner\":\"-\"")
                .replace("\"joiner\":\"\\\\n\",", "").replace("\"count\":\"\",", ""))) {
            kit.receive("join", "{\"payload\":\"a\"}", "{\"payload\":1}", "{\"payload\":true}");
            assertEquals("a-1-true", kit.next(5).payload());
            kit.receive("join", "{\"payload\":\"x\"}", "{\"payload\":\"y\",\"complete\":true}");
            SequenceTestKit.Out out = kit.next(5);
            assertEquals("x-y", out.payload());
            assertFalse(out.msg().containsKey("complete"));
        }
    }

    @Test
    void mergedObjectsCountKeysAndKeylessMessagesAreLeftOut() throws Exception {
        // a merged object's count is its number of keys, not of messages
        try (SequenceTestKit kit = SequenceTestKit.withDebug(join(",\"mode\":\"custom\",\"build\":\"merged\","
                + "\"count\":\"3\"")
                .replace("\"count\":\"\",", ""))) {
            kit.receive("join", "{\"payload\":{\"a\":1,\"b\":1}}", "{\"payload\":{\"b\":2}}",
                    "{\"payload\":{\"c\":3}}");
            assertEquals(Map.of("a", 1, "b", 2, "c", 3), kit.next(5).payload());
        }
        try (SequenceTestKit kit = SequenceTestKit.withDebug(join(",\"mode\":\"custom\",\"build\":\"object\","
                + "\"count\":\"2\"")
                .replace("\"count\":\"\",", ""))) {
            kit.receive("join", "{\"payload\":1}"); // no msg.topic: warned about and left out
            kit.receive("join", "{\"topic\":\"a\",\"payload\":2}");
            assertNull(kit.poll(0.2));
            kit.receive("join", "{\"topic\":\"b\",\"payload\":3}");
            assertEquals(Map.of("a", 2, "b", 3), kit.next(5).payload());
        }
    }

    @Test
    void accumulateKeepsTheObjectAndSendsOnEveryLaterMessage() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(join(",\"mode\":\"custom\",\"build\":\"object\","
                + "\"count\":\"2\"")
                .replace("\"count\":\"\",", "").replace("\"accumulate\":false", "\"accumulate\":true"))) {
            kit.receive("join", "{\"topic\":\"a\",\"payload\":1}", "{\"topic\":\"b\",\"payload\":2}");
            assertEquals(Map.of("a", 1, "b", 2), kit.next(5).payload());
            kit.receive("join", "{\"topic\":\"c\",\"payload\":3}");
            assertEquals(Map.of("a", 1, "b", 2, "c", 3), kit.next(5).payload());
            kit.receive("join", "{\"reset\":true}", "{\"topic\":\"z\",\"payload\":0}");
            assertNull(kit.poll(0.3), "after reset a new group waits for its count");
        }
    }

    @Test
    void reduceFoldsTheSequenceWithAccumulatorIndexAndCount() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "join"),
                reduce("$A + payload", "0", "num", "$A / $N"))) {
            kit.receive("split", "{\"payload\":[1,2,3,4]}");
            assertEquals(2.5, ((Number) kit.next(5).payload()).doubleValue());
        }
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "join"),
                reduce("$A & payload & $string($I)", ">", "str", "")
                .replace("\"reduceRight\":false", "\"reduceRight\":true"))) {
            kit.receive("split", "{\"payload\":[\"a\",\"b\",\"c\"]}");
            assertEquals(">c2b1a0", kit.next(5).payload());
        }
    }

    @Test
    void reduceWaitsForTheCountEvenWhenOnlyOnePartCarriesIt() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(reduce("$A & payload", "", "str", ""))) {
            kit.receive("join", "{\"payload\":\"c\",\"parts\":{\"index\":2,\"id\":222}}",
                    "{\"payload\":\"b\",\"parts\":{\"index\":1,\"id\":222}}",
                    "{\"payload\":\"d\",\"parts\":{\"index\":3,\"count\":4,\"id\":222}}");
            assertNull(kit.poll(0.2));
            kit.receive("join", "{\"payload\":\"a\",\"parts\":{\"index\":0,\"id\":222}}");
            SequenceTestKit.Out out = kit.next(5);
            assertEquals("abcd", out.payload(), "folded in parts.index order");
            assertEquals(3, out.parts().get("index"), "the result leaves on the last part, parts kept");
            kit.receive("join", "{\"payload\":\"plain\"}");
            assertEquals("plain", kit.next(5).payload(), "messages without parts pass through");
        }
    }

    @Test
    void reduceEvaluatesOverMessagesHoldingBuffers() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "join"),
                reduce("$A + payload", "0", "num", ""))) {
            kit.harness().server().engine().execute(() -> {
                Map<String, Object> msg = new java.util.LinkedHashMap<>();
                msg.put("payload", List.of(1, 2));
                msg.put("raw", new byte[] {7}); // not a JSON type: JSONata must still accept the message
                kit.harness().server().engine().node("split").receive(msg);
            });
            assertEquals(3, ((Number) kit.next(5).payload()).intValue());
        }
    }

    @Test
    void reduceCanCollectIntoAJsonInitialValue() throws Exception {
        try (SequenceTestKit kit = SequenceTestKit.withDebug(split("", "join"),
                reduce("$append($A, [payload * 10])", "[]", "json", ""))) {
            kit.receive("split", "{\"payload\":[1,2,3]}");
            assertEquals(List.of(10, 20, 30), kit.next(5).payload());
            kit.receive("split", "{\"payload\":[4]}");
            assertEquals(List.of(40), kit.next(5).payload(), "the initial value is fresh for every sequence");
        }
    }
}
