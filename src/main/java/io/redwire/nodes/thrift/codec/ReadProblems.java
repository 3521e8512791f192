package io.redwire.nodes.thrift.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * What did not match the IDL while reading a message. Reading goes on (skipping the bad value) so the whole
 * message is consumed and the connection stays usable; the caller then answers with these problems.
 */
public final class ReadProblems {
    private static final int KEPT = 5;
    private final List<String> problems = new ArrayList<>(0);
    private int count;

    void add(String problem) {
        if (count++ < KEPT) {
            problems.add(problem);
        }
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** The problems as one line; null when there were none. */
    public String text() {
        if (count == 0) {
            return null;
        }
        String s = String.join("; ", problems);
        return count > KEPT ? s + "; and " + (count - KEPT) + " more" : s;
    }
}
