package io.redwire.bench;

import java.util.List;
import java.util.Map;

/** The requests both transports send and the checks their answers must pass; a wrong answer stops the bench. */
final class Expect {
    private Expect() {
    }

    static final class WrongAnswer extends RuntimeException {
        WrongAnswer(String what) {
            super(what);
        }
    }

    static Map<String, Object> item(int i) {
        return Map.of("id", i, "name", "item");
    }

    /** Every 10th user has a bad email, so validation rejects it. */
    static Map<String, Object> user(int i) {
        return Map.of("name", "user-" + i, "email", isInvalid(i) ? "not-an-email" : "user" + i + "@example.org",
                "age", 20 + i % 60);
    }

    private static boolean isInvalid(int i) {
        return i % 10 == 9;
    }

    static void echo(Map<?, ?> reply, int i) {
        that(reply.get("id") instanceof Number id && id.intValue() == i && "item".equals(reply.get("name")),
                "item " + i + " came back as " + reply);
    }

    /** Items 0..n-1 in order: a stream's messages or a JSON array's elements. */
    static void items(List<?> replies, int n) {
        that(replies.size() == n, n + " items expected, got " + replies.size());
        for (int k = 0; k < n; k++) {
            echo((Map<?, ?>) replies.get(k), k);
        }
    }

    /**
     * One create-user answer: {@code created} (201 / OK) with the reply, or {@code refusal} (the 400 body's error /
     * INVALID_ARGUMENT's description; null for any other failure).
     */
    static void userAnswer(int i, boolean created, Map<?, ?> reply, String refusal) {
        if (isInvalid(i)) {
            that(!created && "invalid: email".equals(refusal), "user " + i + " (bad email) was answered with "
                    + (created ? reply : refusal));
        } else {
            that(created && reply.get("id") instanceof Number id && id.intValue() > 0
                    && user(i).get("name").equals(reply.get("name")), "user " + i + " was answered with "
                    + (created ? reply : refusal));
        }
    }

    private static void that(boolean ok, String otherwise) {
        if (!ok) {
            throw new WrongAnswer(otherwise);
        }
    }
}
