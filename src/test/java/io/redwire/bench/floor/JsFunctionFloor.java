package io.redwire.bench.floor;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

import java.io.PrintStream;

/**
 * The function node's floor: a bare GraalJS context (a shared Engine, as Redwire's) calling the seed's function
 * body {@code msg.counter = msg.counter+1; return msg;} 1 000 times per set on one msg object, timed per set; the
 * first set is the cold cost a user meets.
 */
public final class JsFunctionFloor {
    private static final String BODY = "msg.counter = msg.counter+1\nreturn msg;";

    private JsFunctionFloor() {
    }

    public static void main(String[] args) {
        run(Floor.of(args), System.out);
        System.exit(0);
    }

    static void run(Floor f, PrintStream out) {
        try (Engine engine = Engine.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build();
             Context js = Context.newBuilder("js").engine(engine).build()) {
            Value fn = js.eval(Source.create("js", "(function (msg) {\n" + BODY + "\n})"));
            Value msg = js.eval("js", "({payload: {id: 123456, name: 'test'}, counter: 0})");
            double[] ms = new double[f.sets];
            for (int s = 0; s < f.sets; s++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < f.calls; i++) {
                    msg = fn.execute(msg);
                }
                ms[s] = (System.nanoTime() - t0) / 1e6;
            }
            if (msg.getMember("counter").asInt() != f.sets * f.calls) {
                throw new IllegalStateException("the function did not run every time");
            }
            Floor.report(out, "js", ms);
        }
    }
}
