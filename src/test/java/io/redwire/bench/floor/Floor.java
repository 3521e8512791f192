package io.redwire.bench.floor;

import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What the floor programs share: their arguments ({@code [sets=10] [calls=1000]}), a loop of sequential async calls
 * and the report line, in loops.js's format ({@code "<name> per-set ms: a b c"}) so the bench script reads both alike.
 */
final class Floor {
    final int sets;
    final int calls;

    private Floor(int sets, int calls) {
        this.sets = sets;
        this.calls = calls;
    }

    static Floor of(String[] args) {
        return new Floor(args.length > 0 ? Integer.parseInt(args[0]) : 10,
                args.length > 1 ? Integer.parseInt(args[1]) : 1000);
    }

    /** {@code calls} sequential calls of {@code call} (each starts when the previous completed), timed per set. */
    Future<double[]> timeSets(Supplier<Future<?>> call) {
        double[] ms = new double[sets];
        Future<Void> chain = Future.succeededFuture();
        for (int s = 0; s < sets; s++) {
            int set = s;
            chain = chain.compose(v -> {
                long t0 = System.nanoTime();
                return sequential(call, calls).onSuccess(x -> ms[set] = (System.nanoTime() - t0) / 1e6);
            });
        }
        return chain.map(v -> ms);
    }

    private static Future<Void> sequential(Supplier<Future<?>> call, int n) {
        Promise<Void> done = Promise.promise();
        next(call, n, done);
        return done.future();
    }

    private static void next(Supplier<Future<?>> call, int left, Promise<Void> done) {
        if (left == 0) {
            done.complete();
            return;
        }
        call.get().onComplete(ar -> {
            if (ar.failed()) {
                done.fail(ar.cause());
            } else {
                next(call, left - 1, done);
            }
        });
    }

    static void report(PrintStream out, String name, double[] ms) {
        StringBuilder line = new StringBuilder(name).append(" per-set ms:");
        for (double m : ms) {
            line.append(' ').append(String.format(Locale.ROOT, "%.1f", m));
        }
        out.println(line);
    }
}
