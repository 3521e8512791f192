package io.redwire.js;

import io.redwire.testing.Fuzz;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Mutated mustache templates, parsed and rendered against a msg holding a list, as the template node does: text
 * within the output bound, or the node's refusal — a syntax error or the bound passed (IllegalArgumentException),
 * or sections nested past the stack (StackOverflowError, reported as mustache.js's "Maximum call stack size
 * exceeded") — never another exception, a full heap or a hang (issue 21).
 */
class MustacheFuzzTest {
    private static final List<String> SEEDS = List.of(
            "{{#items}}{{#items}}{{.}},{{/items}}{{/items}}",
            "<ul>\n{{#payload.list}}\n  <li>{{name}}/{{topic}}</li>\n{{/payload.list}}\n</ul>\n{{^none}}none{{/none}}",
            "{{=<% %>=}}<% payload.name %> <%={{ }}=%>{{{payload.name}}} {{&topic}}",
            "{{! comment }}{{#payload}}{{name}}{{/payload}} {{items.length}} {{items.0}} {{>partial}}");
    private static final List<String> TOKENS = List.of("{{", "}}", "{{#items}}", "{{/items}}", "{{^items}}",
            "{{.}}", "{{{", "}}}", "{{=", "=}}", "{{!", "{{>p}}", "{{&", "{{items.length}}", "{{#payload}}",
            "{{/payload}}", "\n", "  ");

    @Provide
    Arbitrary<String> templates() {
        return Fuzz.mutations(SEEDS, TOKENS);
    }

    @Property
    void mutatedTemplatesRenderOrAreRefusedCleanly(@ForAll("templates") String template) {
        check(template, 200);
    }

    private static void check(String template, int items) {
        Map<String, Object> msg = Map.of("items", IntStream.range(0, items).boxed().toList(), "topic", "t",
                "payload", Map.of("name", "<Ada>", "list", List.of(Map.of("name", "a"), Map.of("name", "b"))));
        Fuzz.mustRefuseCleanly(template, () -> Mustache.parse(template).render(msg, Mustache.Resolver.VIEWS),
                IllegalArgumentException.class, StackOverflowError.class);
    }

    @Test
    void theKeptCorpusStaysFixed() {
        for (String template : Fuzz.corpus("mustache")) { // rendered over 1000 items, as issue 21's input
            check(template, 1000);
        }
    }
}
