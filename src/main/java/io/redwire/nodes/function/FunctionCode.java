package io.redwire.nodes.function;

import java.util.List;

/**
 * A function node's configuration: its code (func, initialize, finalize), output count, time limit (seconds,
 * 0 = the settings' default) and the `libs` variable names (modules are not loaded; the names stay undefined).
 */
public record FunctionCode(String body, String setup, String cleanup, int outputs, double timeoutSeconds,
                           List<Lib> libs) {

    /** One `libs` entry: a global variable name and the module Node-RED would have loaded into it. */
    public record Lib(String var, String module) {
    }
}
