package io.redwire.api;

/** Node-RED's done(err?): call once per input message. */
@FunctionalInterface
public interface Done {
    void done(Throwable error);

    default void done() {
        done(null);
    }
}
