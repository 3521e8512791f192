package io.redwire.testing;

/** Closes what a test class started, in the order given; parts that never started (null) are skipped. */
public final class Closing {
    private Closing() {
    }

    public static void all(AutoCloseable... parts) throws Exception {
        for (AutoCloseable p : parts) {
            if (p != null) {
                p.close();
            }
        }
    }
}
