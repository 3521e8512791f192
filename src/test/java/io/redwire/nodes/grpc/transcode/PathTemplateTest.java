package io.redwire.nodes.grpc.transcode;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** http.proto's path template grammar: literals, *, **, variables with patterns and nested field paths, verbs. */
class PathTemplateTest {
    @Test
    void variablesTakeTheirSegmentsPercentDecoded() {
        PathTemplate t = PathTemplate.parse("/v1/{name=shelves/*/books/*}");
        assertEquals(Map.of("name", "shelves/7/books/a b"), t.match("/v1/shelves/7/books/a%20b"));
        assertNull(t.match("/v1/shelves/7/books"));
        assertNull(t.match("/v1/shelves/7/books/1/x"));
        assertNull(t.match("/v2/shelves/7/books/1"));
        assertNull(t.match("/v1/shelves//books/1"));
    }

    @Test
    void nestedFieldPathsDefaultPatternsAndTheRest() {
        assertEquals(Map.of("shelf.id", "7", "book_id", "9"),
                PathTemplate.parse("/v1/shelves/{shelf.id}/books/{book_id}").match("/v1/shelves/7/books/9"));
        assertEquals(Map.of("path", "a/b/c"), PathTemplate.parse("/files/{path=**}").match("/files/a/b/c"));
        assertEquals(Map.of(), PathTemplate.parse("/static/**").match("/static/x/y"));
        assertEquals(Map.of("id", "1/2"), PathTemplate.parse("/x/{id}").match("/x/1%2F2")); // one segment, decoded
    }

    @Test
    void aVerbMustBeThereAndIsNoPartOfTheLastVariable() {
        PathTemplate t = PathTemplate.parse("/v1/{name=books/*}:publish");
        assertEquals(Map.of("name", "books/1"), t.match("/v1/books/1:publish"));
        assertNull(t.match("/v1/books/1"));
        assertNull(t.match("/v1/books/1:undo"));
        assertEquals(1000 + 2, t.specificity()); // the verb, then the literals v1 and books
    }

    @Test
    void badTemplatesSayWhatIsWrong() {
        assertEquals("path template must start with '/': v1/x",
                assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("v1/x")).getMessage());
        assertEquals("unclosed '{' in path template /v1/{a",
                assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/v1/{a")).getMessage());
        assertEquals("'**' must be the last segment of path template /a/**/b",
                assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/a/**/b")).getMessage());
        assertEquals("bad variable 'a-b' in path template /v1/{a-b}",
                assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/v1/{a-b}")).getMessage());
        assertEquals("empty segment in path template /v1//x",
                assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/v1//x")).getMessage());
    }
}
