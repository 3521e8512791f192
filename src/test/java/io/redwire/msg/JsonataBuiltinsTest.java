package io.redwire.msg;

import com.dashjoin.jsonata.Jsonata;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replaced $pad and $spread give dashjoin's results in linear time (issue 21). */
class JsonataBuiltinsTest {
    private static final List<String> SAME = List.of("$pad('ab', 5)", "$pad('ab', -5, '#')", "$pad('ab', 7, 'xyz')",
            "$pad('ab', -7, 'xyz')", "$pad('\uD83D\uDE00', 4, '\uD83D\uDE00x')", "$pad('abc', 2)", "$pad('abc', -3)",
            "$pad(nothing, 3)", "$pad('a', 3, '')", "$pad('a', 2.7)", "$spread({'a':1,'b':null})",
            "$spread([{'a':1},{'b':2,'c':3}])", "$spread([])", "$spread(5)", "$spread([1,[2,{'x':1}]])",
            "$spread([{'a':1}]).a", "$spread(nothing)", "$spread([{'a':1}])[0]", "$count($spread({'a':1}))",
            "$string($spread([{'a':1},{'b':2}]))", "$spread([nothing, {'a':1}])", "$spread({})");

    @Test
    void theReplacementsGiveDashjoinsResults() {
        for (String e : SAME) {
            Object dashjoin = JsonataExpression.fromJsonata(Jsonata.jsonata(e).evaluate(Map.of()));
            Object ours = JsonataExpression.compile(e).evaluate(Map.of(), null);
            assertEquals(Json.stringify(dashjoin), Json.stringify(ours), e);
        }
    }

    @Test
    void padToAMillionAndSpreadOfAHundredThousandTakeMilliseconds() {
        JsonataExpression.compile("$pad('', 10, 'a')").evaluate(Map.of(), null); // classes loaded
        long t0 = System.nanoTime();
        assertEquals(1_000_000, ((String) JsonataExpression.compile("$pad('', 1e6, 'a')")
                .evaluate(Map.of(), null)).length());
        long padMs = (System.nanoTime() - t0) / 1_000_000;
        List<Map<String, Object>> objects = new java.util.ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            objects.add(Map.of("k" + i, i));
        }
        JsonataExpression spread = JsonataExpression.compile("$count($spread(payload))");
        t0 = System.nanoTime();
        assertEquals(100_000.0, ((Number) spread.evaluate(Map.of("payload", objects), null)).doubleValue());
        long spreadMs = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(padMs < 500 && spreadMs < 3000, "$pad " + padMs + " ms, $spread " + spreadMs + " ms");
    }

    @Test
    void padPastSixteenMillionCharactersIsV8sError() {
        NodeError e = assertThrows(NodeError.class,
                () -> JsonataExpression.compile("$pad('', 1e9)").evaluate(Map.of(), null));
        assertEquals("RangeError: Invalid string length", e.getMessage());
    }
}
