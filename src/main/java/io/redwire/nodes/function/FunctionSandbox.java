package io.redwire.nodes.function;

import io.redwire.msg.NodeError;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.Value;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One function node's GraalJS context: the prelude's entry points and the node's compiled code. Every call into
 * JavaScript goes through {@link #run}, which enforces the time limit and afterwards converts JS values that
 * live msgs/context roots picked up. A context is used by one thread at a time: it is built on a worker and from
 * then on used only on the flow loop.
 */
final class FunctionSandbox implements AutoCloseable {
    /**
     * The pieces of a function node, each wrapped like Node-RED does (user line N is script line N+1). A body
     * without `await` runs as a plain function: the same results without a promise round trip per msg.
     */
    enum Kind {
        BODY("", "(async function(msg, node) {\n", "\n})"),
        SYNC_BODY("", "(function(msg, node) {\n", "\n})"),
        SETUP(" setup", "(async function(node) {\n", "\n})"),
        CLEANUP(" cleanup", "(function(node) {\n", "\n})");

        final String label;
        final String head;
        final String tail;

        Kind(String label, String head, String tail) {
            this.label = label;
            this.head = head;
            this.tail = tail;
        }

        static Kind bodyFor(String code) {
            return CodeScanner.mayAwait(code) ? BODY : SYNC_BODY;
        }

        /** "body", "setup", "cleanup": Node-RED's name in "(body:line N)". */
        String part() {
            return label.isEmpty() ? "body" : label.trim();
        }
    }

    private static final Pattern SYNTAX_LOCATION = Pattern.compile("^(?:SyntaxError: )?.*?:\\d+:\\d+ (.*)$");

    private final Context context;
    private final Watchdog watchdog;
    private final long timeoutMillis;
    private final long heapLimit;
    private final GuestValues values;
    private final Value invoke;
    private final Value initialize;
    private final Value finalize;
    private final Value runTimers;
    private final Value settle;
    private final Value close;
    private final Value sourceInfo;
    private int depth;

    FunctionSandbox(JsEngine js, FunctionHost host, long timeoutMillis, long heapLimit) {
        this.context = js.newContext();
        this.watchdog = js.watchdog();
        this.timeoutMillis = timeoutMillis;
        this.heapLimit = heapLimit;
        GuestValues[] holder = new GuestValues[1];
        try {
            Value runtime = context.eval(js.prelude()).execute(new HostBridge(host, () -> holder[0]));
            holder[0] = new GuestValues(runtime.getMember("helpers"));
            this.values = holder[0];
            this.invoke = runtime.getMember("invoke");
            this.initialize = runtime.getMember("initialize");
            this.finalize = runtime.getMember("finalize");
            this.runTimers = runtime.getMember("runTimers");
            this.settle = runtime.getMember("settle");
            this.close = runtime.getMember("close");
            this.sourceInfo = runtime.getMember("sourceInfo");
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    GuestValues values() {
        return values;
    }

    /** Compiled code, or a NodeError worded like Node-RED's: "SyntaxError: ... (body:line N)". */
    Compiled compile(Kind kind, String code, String nodeId, String nodeName) {
        String name = "Function node" + kind.label + ":" + nodeId + (nodeName.isEmpty() ? "" : " [" + nodeName + "]");
        try {
            Value fn = context.eval(Source.newBuilder("js", kind.head + code + kind.tail, name).buildLiteral());
            return new Compiled(fn, sourceInfo.execute(name, code));
        } catch (PolyglotException e) {
            throw new NodeError(describeCompileError(e, kind));
        }
    }

    private static String describeCompileError(PolyglotException e, Kind kind) {
        String first = String.valueOf(e.getMessage()).split("\n", 2)[0];
        Matcher m = SYNTAX_LOCATION.matcher(first);
        String text = e.isSyntaxError() ? "SyntaxError: " + (m.matches() ? m.group(1) : first) : first;
        SourceSection at = e.getSourceLocation();
        return at == null ? text : text + " (" + kind.part() + ":line " + (at.getStartLine() - 1) + ")";
    }

    /** A compiled function with what error reports need to know about its source. */
    record Compiled(Value function, Value source) {
    }

    void invoke(Compiled body, MapRoot msg, Call call) {
        invoke.executeVoid(body.function(), msg, call, body.source());
    }

    void runSetup(Compiled setup) {
        initialize.executeVoid(setup.function());
    }

    void runCleanup(Compiled cleanup) {
        finalize.executeVoid(cleanup.function());
    }

    void runTimers() {
        runTimers.executeVoid();
    }

    /** Resolves the pending promise id with value, or rejects it with an Error of message error. */
    void settle(int id, Object value, String error) {
        settle.executeVoid(id, value, error);
    }

    void closeHandlers() {
        close.executeVoid(false);
    }

    /**
     * Runs one call into JavaScript (microtasks included: GraalJS drains them before returning). Returns null, or
     * the error to report: the timeout, or a failure that escaped the prelude's own error handling.
     */
    NodeError run(Runnable guestCall) {
        boolean outer = depth++ == 0;
        if (outer) {
            values.forgetConversions();
        }
        Watchdog.Guard guard = outer ? watchdog.arm(context, timeoutMillis, heapLimit) : null;
        try {
            guestCall.run();
            return null;
        } catch (PolyglotException e) {
            if (e.isInterrupted() && guard != null && guard.heapInUse() >= 0) {
                return new NodeError("RangeError: Script stopped: " + mb(guard.heapInUse())
                        + " MB of heap in use passed functionHeapLimit (" + mb(heapLimit) + " MB)",
                        "ERR_FUNCTION_HEAP_LIMIT", null);
            }
            if (e.isInterrupted()) {
                return new NodeError("Error: Script execution timed out after " + timeoutMillis + "ms",
                        "ERR_SCRIPT_EXECUTION_TIMEOUT", null);
            }
            return new NodeError(e.isHostException() ? NodeError.textOf(e.asHostException())
                    : String.valueOf(e.getMessage()));
        } finally {
            if (guard != null) {
                guard.close();
            }
            depth--;
            if (outer) {
                values.releaseRoots();
            }
        }
    }

    private static long mb(long bytes) {
        return bytes >> 20;
    }

    @Override
    public void close() {
        values.releaseAll();
        context.close();
    }
}
