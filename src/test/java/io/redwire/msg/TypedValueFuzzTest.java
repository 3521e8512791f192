package io.redwire.msg;

import io.redwire.testing.Fuzz;

import com.dashjoin.jsonata.JException;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mutated JSONata expressions and typed-input values, compiled and evaluated against a msg: a value, or a refusal
 * the node reports as its error (IllegalArgumentException, JSONata's JException, NodeError, an invalid property
 * expression), never another exception, a stack overflow or a hang (issue 15).
 */
class TypedValueFuzzTest {
    private static final List<String> TYPES = List.of("jsonata", "json", "num", "bool", "bin", "re", "msg", "date",
            "str", "flow", "global", "env");
    private static final List<String> SEEDS = List.of(
            "$sum(payload.items[price > 2].(price * qty)) & \" \" & $uppercase(topic)",
            "payload.{ \"k\": $keys($), \"n\": $count(*) }",
            "$map([1..5], function($v, $i) { $v * $i })[$ % 2 = 0] ~> $reduce(function($a, $b) { $a + $b })",
            "$flowContext(\"a\") ? $globalContext(\"b\") : $env(\"HOME\")",
            "{\"a\":[1,\"x\",{\"b\":true}]}", "payload[0].a[\"b c\"]", "^(a+)+$", "1e3", "[1,2,255]");
    private static final List<String> TOKENS = List.of("$", "(", ")", "[", "]", "{", "}", ".", "*", "**", "..",
            "function($x){$x($x)}", "$string(", "~>", "?", ":", "\"", "'", "%", "@", "#", "$$", "[0..99999999]");

    @Provide
    Arbitrary<String> values() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Provide
    Arbitrary<String> types() {
        return Arbitraries.of(TYPES);
    }

    @Property
    void mutatedTypedValuesEvaluateOrAreRefusedCleanly(@ForAll("types") String type, @ForAll("values") String v) {
        check(type, v);
    }

    private static void check(String type, String value) {
        Fuzz.mustRefuseCleanly(type + ": " + value, () -> {
            Map<String, Object> msg = new LinkedHashMap<>();
            msg.put("payload", new LinkedHashMap<>(Map.of("items", List.of(Map.of("price", 3, "qty", 2)))));
            msg.put("topic", "t");
            TypedValue.compile(value, type).evaluate(msg, SCOPE);
        }, IllegalArgumentException.class, JException.class, NodeError.class, PropertyPath.PropertyException.class);
    }

    @Test
    void theKeptCorpusStaysFixed() {
        for (String entry : Fuzz.corpus("typed")) { // first line: the type; the rest: the value
            int nl = entry.indexOf('\n');
            check(entry.substring(0, nl), entry.substring(nl + 1));
        }
    }

    private static final ValueScope SCOPE = ValueScope.of(new ContextScope(null), new ContextScope(null),
            new ContextScope(null), name -> "HOME".equals(name) ? "/home/x" : null);
}
