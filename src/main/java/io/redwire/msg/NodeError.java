package io.redwire.msg;

/**
 * An error as Node-RED reports it to catch nodes: {@code message} is the JavaScript err.toString() text, plus
 * optional code and stack.
 */
public class NodeError extends RuntimeException {
    private final String code;
    private final Object cause;
    private final String stack;

    public NodeError(String message) {
        this(message, null, null, null);
    }

    public NodeError(String message, String code, Object cause) {
        this(message, code, cause, null);
    }

    /** @param stack the JavaScript stack text, shown to catch nodes as msg.error.stack */
    public NodeError(String message, String code, Object cause, String stack) {
        super(message, null, false, false);
        this.code = code;
        this.cause = cause;
        this.stack = stack;
    }

    public String stack() {
        return stack;
    }

    public String code() {
        return code;
    }

    public Object causeValue() {
        return cause;
    }

    /** err.toString() for any throwable: NodeError keeps its text, others read like a JavaScript Error. */
    public static String textOf(Throwable t) {
        if (t instanceof NodeError) {
            return t.getMessage();
        }
        if (t instanceof StackOverflowError || t instanceof Json.TooDeep) {
            return "RangeError: Maximum call stack size exceeded";
        }
        String m = t.getMessage();
        if (t instanceof OutOfMemoryError) { // RangeError: what JavaScript code sees when an allocation fails
            return "RangeError: Out of memory" + (m == null ? "" : " (" + m + ")");
        }
        if (t instanceof PropertyPath.PropertyException || t instanceof Json.CircularStructure) {
            return "TypeError: " + m;
        }
        return "Error: " + (m == null ? t.getClass().getSimpleName() : m);
    }
}
