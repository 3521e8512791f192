package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ui-file-input, as Dashboard 2.0's: a file picker whose upload sends the file as msg.payload (its bytes) with
 * {@code msg.file} {@code {name, type, size}} (as a page's own send: no topic is added); files over the page's frame limit
 * ({@code dashboardMaxFrameBytes}) are refused on the page, as Dashboard 2.0 refuses those over its buffer size.
 */
final class FileInputWidget extends WidgetNode {
    static final Field LABEL = Field.str("label", "File Input");
    static final Field ICON = Field.str("icon", "paperclip");
    static final Field ALLOW_MULTIPLE = Field.bool("allowMultiple", false);
    static final Field ACCEPT = Field.str("accept", "");

    static final NodeType TYPE = widgetType("ui-file-input", 1, "fa-upload", "file input",
                    "A file picker on the dashboard: the uploaded file is sent as msg.payload with msg.file.")
            .fields(GROUP, NAME, ORDER, WIDTH, HEIGHT, TOPIC, LABEL, ICON, ALLOW_MULTIPLE, ACCEPT, CLASS_NAME)
            .factory(FileInputWidget::new);

    FileInputWidget(NodeConfig c) {
        super(c, List.of());
        // base64 takes 4 bytes for 3, and the frame has some JSON around the content
        described().put("maxFileSize", DashboardSettings.MAX_FRAME.read(c.services().settings()) / 4 * 3 - 1024);
    }

    /** The page sends the file's bytes as base64 text in {@code payloadBase64}; the msg carries them as a Buffer. */
    @Override
    void clientSend(DashboardSockets.Client client, Object fromPage) {
        if (fromPage instanceof Map<?, ?> m && m.get("payloadBase64") instanceof String b64) {
            Map<String, Object> msg = new LinkedHashMap<>();
            m.forEach((k, v) -> msg.put(String.valueOf(k), v));
            msg.remove("payloadBase64");
            try {
                msg.put("payload", Base64.getDecoder().decode(b64));
            } catch (IllegalArgumentException e) {
                warn("file upload dropped: its content is not base64");
                return;
            }
            super.clientSend(client, msg);
        }
    }
}
