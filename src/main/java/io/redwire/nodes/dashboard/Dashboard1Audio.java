package io.redwire.nodes.dashboard;

import io.redwire.api.NodeConfig;
import io.redwire.js.JsValues;

import java.util.Map;

/**
 * Dashboard 1's ui_audio on the tts ui-audio: besides speaking a string payload, a Buffer payload is played as
 * audio, {@code msg.level} (0 to 300, a percentage) sets the volume of either (another level is dropped, as
 * node-red-dashboard 3.6.6 drops it), {@code msg.reset: true} stops what is playing, and what the page reports
 * ("playing", "complete", "reset", "error…") is the node's status: cleared when complete, a red ring for an error,
 * a blue dot otherwise.
 */
final class Dashboard1Audio extends AudioWidget {
    private static final double MAX_LEVEL = 300;

    Dashboard1Audio(NodeConfig c) {
        super(c);
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (msg.containsKey("level") && !validLevel(msg.get("level"))) {
            msg.remove("level");
        }
        super.input(msg);
    }

    /** JavaScript's isNaN(level) || level > 300 || level < 0, negated. */
    private static boolean validLevel(Object level) {
        double v = JsValues.toNumber(level);
        return !Double.isNaN(v) && v <= MAX_LEVEL && v >= 0;
    }

    @Override
    protected boolean takesActions() {
        return true;
    }

    /** The page's report of its audio, never a msg. */
    @Override
    void clientAction(DashboardSockets.Client client, Object fromPage) {
        if (!(fromPage instanceof Map<?, ?> m) || !(m.get("audiostatus") instanceof String s)) {
            return;
        }
        if (s.equals("complete")) {
            status(Map.of());
        } else if (s.startsWith("error")) {
            status(Map.of("shape", "ring", "fill", "red", "text", s));
        } else {
            status(Map.of("shape", "dot", "fill", "blue", "text", s));
        }
    }
}
