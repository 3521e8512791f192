package io.redwire.testing;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Assertions on message-shaped maps. */
public final class MapAsserts {
    private MapAsserts() {
    }

    /** {@code actual} holds each of the expected entries (other keys may be there too); a miss names its key. */
    public static void assertEntries(Map<String, ?> expected, Map<?, ?> actual) {
        expected.forEach((key, value) -> assertEquals(value, actual.get(key), key));
    }
}
