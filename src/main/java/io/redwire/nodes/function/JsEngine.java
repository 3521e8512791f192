package io.redwire.nodes.function;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The process-wide GraalJS engine: one polyglot {@link Engine} shared by every function node's context (so parsed
 * code is cached once), the sandbox prelude source, and the watchdog that enforces time limits.
 */
public final class JsEngine {
    private static volatile JsEngine instance;

    private final Engine engine;
    private final Source prelude;
    private final Watchdog watchdog = new Watchdog();

    private JsEngine() {
        this.engine = Engine.newBuilder("js")
                .option("engine.WarnInterpreterOnly", "false")
                .build();
        this.prelude = Source.newBuilder("js", readPrelude(), "redwire-sandbox.js").cached(true).buildLiteral();
    }

    public static JsEngine get() {
        JsEngine e = instance;
        if (e == null) {
            synchronized (JsEngine.class) {
                e = instance;
                if (e == null) {
                    e = new JsEngine();
                    instance = e;
                }
            }
        }
        return e;
    }

    /** Initialises GraalJS and parses the sandbox once (seconds on a cold JVM): tests that time their first calls. */
    public static void warmUp() {
        JsEngine js = get();
        try (Context c = js.newContext()) {
            c.eval(js.prelude());
        }
    }

    /**
     * A sandboxed context: no host class lookup (hence no `Java` global), no host members (only byte buffers
     * cross, as Buffer contents), no file system, threads, processes, native access or polyglot; GraalJS's
     * print/console/load builtins removed.
     */
    Context newContext() {
        return Context.newBuilder("js")
                .engine(engine)
                .allowHostAccess(HostAccess.newBuilder().allowBufferAccess(true).build())
                .allowIO(IOAccess.NONE)
                .allowCreateThread(false)
                .allowCreateProcess(false)
                .allowNativeAccess(false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .allowEnvironmentAccess(org.graalvm.polyglot.EnvironmentAccess.NONE)
                .option("js.print", "false")
                .option("js.console", "false")
                .option("js.load", "false")
                .option("js.graal-builtin", "false")
                // host proxies (msg) get Object.prototype/Array.prototype, so hasOwnProperty, map, ... work
                .option("js.foreign-object-prototype", "true")
                .build();
    }

    Source prelude() {
        return prelude;
    }

    Watchdog watchdog() {
        return watchdog;
    }

    private static String readPrelude() {
        try (InputStream in = JsEngine.class.getResourceAsStream("sandbox.js")) {
            if (in == null) {
                throw new IllegalStateException("sandbox.js missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
