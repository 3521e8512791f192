package io.redwire.cli;

import sun.misc.Signal;

/**
 * SIGTERM and SIGINT run a graceful stop and exit 0, as a container stop or Ctrl-C expects (a plain JVM would run
 * its shutdown hooks and exit 143 / 130). Uses jdk.unsupported's sun.misc.Signal, the JDK's only signal API.
 */
final class StopSignals {
    private StopSignals() {
    }

    static void install(Runnable gracefulStop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), sig -> {
                    gracefulStop.run();
                    System.exit(0);
                });
            } catch (IllegalArgumentException unsupported) {
                // signal not available here (e.g. INT under some launchers): the shutdown hook still stops
            }
        }
    }
}
