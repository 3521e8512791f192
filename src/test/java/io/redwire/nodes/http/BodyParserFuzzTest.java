package io.redwire.nodes.http;

import io.redwire.testing.Fuzz;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Mutated request bodies under every content type the http in node parses: a payload or BadBody (answered 400),
 * never another exception (issue 15).
 */
class BodyParserFuzzTest {
    private static final List<String> TYPES = List.of("application/json", "application/vnd.x+json; charset=utf-8",
            "application/x-www-form-urlencoded", "text/plain", "application/xml", "application/octet-stream", "",
            "APPLICATION/JSON;", ";;", "multipart/form-data; boundary=x");
    private static final List<String> SEEDS = List.of("{\"a\":[1,2.5e300,{\"b\":null}],\"c\":\"\\u00e9\\n\"}",
            "a=1&b[c]=2&b[d][]=3&e=%E2%98%83&f=%zz&&g", "[true,false,\"x\"]", "<a x=\"1\">t</a>");
    private static final List<String> TOKENS = List.of("%", "%C3", "[]", "[0]", "=", "&", "\\u", "\"", "1e999",
            "__proto__", "constructor[prototype]", "\uD800", "\u0000");

    @Provide
    Arbitrary<String> bodies() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Provide
    Arbitrary<String> types() {
        return Arbitraries.of(TYPES);
    }

    @Property
    void mutatedBodiesParseOrAreRefusedCleanly(@ForAll("types") String type, @ForAll("bodies") String body) {
        check(type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void check(String type, byte[] body) {
        Fuzz.mustRefuseCleanly(type + " " + new String(body, StandardCharsets.UTF_8),
                () -> RequestBodyParser.parse(type, body), RequestBodyParser.BadBody.class);
    }

    @Test
    void theKeptCorpusStaysFixed() {
        for (String entry : Fuzz.corpus("http-body")) { // first line: the content type; the rest: the body
            int nl = entry.indexOf('\n');
            check(entry.substring(0, nl), entry.substring(nl + 1).getBytes(StandardCharsets.UTF_8));
        }
    }
}
