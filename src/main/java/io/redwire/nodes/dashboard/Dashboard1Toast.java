package io.redwire.nodes.dashboard;

import io.redwire.api.NodeConfig;

import java.util.Map;

/**
 * node-red-dashboard's ui_toast, run as ui-notification (as Dashboard 2.0's migration maps it). What a click on its
 * dialog sends follows Dashboard 1, which its flows expect: the msg shown, with the label of the button clicked as
 * payload (not dismiss_clicked / confirm_clicked) and the node's topic, if it has one, as topic. Like Dashboard 1's,
 * it neither passes a msg in on nor shows it again to a page opened later, and with "send to all browser sessions"
 * (sendall) off it shows a msg only on the page its msg.socketid names (a msg from that page carries it). Its title
 * is the node's topic or, without one, the msg's; msg.highlight, msg.className, msg.ok, msg.cancel and (with no
 * displayTime) msg.timeout set what the node leaves open, for that msg. A prompt (position "prompt" with a cancel
 * label; without one it is a dialog, as in Dashboard 1) has a text field: its OK sends the text typed ("" for none).
 */
final class Dashboard1Toast extends NotificationWidget {
    /** What a prompt's page sends beside the button clicked: the text typed in its field. */
    private static final String ANSWER = "_answer";
    private final String topic;
    private final boolean sendAll;
    private final boolean prompt;

    Dashboard1Toast(NodeConfig c, String topic, boolean sendAll, boolean prompt) {
        super(c);
        this.topic = topic;
        this.sendAll = sendAll;
        this.prompt = prompt;
        described().put("titleTopic", topic); // the title: this topic, else the msg's
        described().put("msgOptions", true); // highlight, className, ok, cancel and timeout from the msg
        if (prompt) {
            described().put("prompt", true); // a text field above the buttons
        }
    }

    @Override
    protected void input(Map<String, Object> msg) {
        // shown on the open pages only, and on every one of them with sendall: the page a msg names is forgotten
        if (sendAll) {
            msg.remove("socketid");
        }
    }

    @Override
    protected void closed(Map<String, Object> msg) {
        Object answer = msg.remove(ANSWER);
        boolean ok = "confirm_clicked".equals(msg.get("payload"));
        msg.put("payload", !ok ? config().str(DISMISS_TEXT)
                : prompt ? (answer instanceof String typed ? typed : "") : config().str(CONFIRM_TEXT));
        if (!topic.isEmpty()) {
            msg.put("topic", topic);
        }
    }
}
