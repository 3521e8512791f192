package io.redwire.embed;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An embedding application whose class path lacks some optional libraries ({@link OptionalFamiliesTest} starts it
 * without GraalJS and libthrift): the other families run its flow; a flow with a function node is refused.
 */
public final class WithoutOptionalLibraries {
    private WithoutOptionalLibraries() {
    }

    public static void main(String[] args) throws Exception {
        try (Redwire redwire = Redwire.builder().flows("""
                [{"id":"t","type":"tab"},
                 {"id":"i","z":"t","type":"inject","payload":"ok","payloadType":"str","wires":[["c"]]},
                 {"id":"c","z":"t","type":"change","wires":[["d"]],
                  "rules":[{"t":"set","p":"payload","pt":"msg","to":"payload & '!'","tot":"jsonata"}]},
                 {"id":"d","z":"t","type":"debug","wires":[]}]""").start().await()) {
            CompletableFuture<Object> debug = new CompletableFuture<>();
            try (AutoCloseable sub = redwire.onDebug(e -> debug.complete(e.value()))) {
                redwire.inject("i").await();
                System.out.println("debug: " + debug.get(20, TimeUnit.SECONDS));
            }
            try {
                redwire.deploy("""
                        [{"id":"t","type":"tab"},
                         {"id":"f","z":"t","type":"function","func":"return msg;","wires":[]}]""").await();
                System.out.println("function deployed");
            } catch (Exception e) {
                System.out.println("refused: " + e.getMessage());
            }
        }
    }
}
