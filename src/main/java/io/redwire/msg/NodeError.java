package io.redwire.msg;

/**
 * An error as Node-RED reports it to catch nodes: {@code message} is the JavaScript err.toString() text, plus
 * optional code and stack.
 */
public class NodeError extends RuntimeException {
    private final String code;
    private final Object cause;
    private final String stack;
    private final ErrorValue thrown;

    public NodeError(String message) {
        this(message, null, null, null);
    }

    public NodeError(String message, String code, Object cause) {
        this(message, code, cause, null);
    }

    /** @param stack the JavaScript stack text, shown to catch nodes as msg.error.stack */
    public NodeError(String message, String code, Object cause, String stack) {
        this(message, code, cause, stack, null);
    }

    /** @param thrown the JavaScript Error object reported, or null when the error was not one */
    public NodeError(String message, String code, Object cause, String stack, ErrorValue thrown) {
        super(message, null, false, false);
        this.code = code;
        this.cause = cause;
        this.stack = stack;
        this.thrown = thrown;
    }

    /**
     * The error as Node-RED's debug sidebar shows a node's error: the Error object reported, or one made from a
     * text worded as an Error's ("TypeError: ..."), which Node-RED's nodes report as the Error itself; else the text.
     */
    public static Object shown(Object err, String text) {
        if (err instanceof NodeError ne && ne.thrown != null) {
            return ne.thrown;
        }
        ErrorValue made = ErrorValue.fromText(text, err instanceof NodeError ne ? ne.code : null,
                err instanceof NodeError ne ? ne.stack : null);
        return made != null ? made : text;
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
